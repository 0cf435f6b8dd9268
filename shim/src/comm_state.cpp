// Communicator state: a private duplicate of each communicator the shim sees, cached as an
// attribute whose delete callback frees it, with the ranks' placement on the model's processes
// and the models mapped onto those ranks.
#include <algorithm>
#include <memory>

#include "collsel/exec.hpp"
#include "runtime.hpp"

namespace collsel::shim {

int delete_comm_state(MPI_Comm, int, void* value, void*) {
  auto* cs = static_cast<CommState*>(value);
  g_comm_epoch.fetch_add(1, std::memory_order_acq_rel);
  if (cs->priv != MPI_COMM_NULL) PMPI_Comm_free(&cs->priv);
  delete cs;
  return MPI_SUCCESS;
}

namespace {

CommState* create_state(Runtime& rt, MPI_Comm comm) {
  auto cs = std::make_unique<CommState>();
  int inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  cs->inter = inter != 0;
  if (!cs->inter) {
    PMPI_Comm_dup(comm, &cs->priv);
    PMPI_Comm_size(cs->priv, &cs->size);
    PMPI_Comm_rank(cs->priv, &cs->rank);
    if (rt.model && rt.settings.placement_model) {
      // placement = "model": world rank w runs where calibrated process w mod n ran.
      std::vector<int> world = exec::world_ranks(cs->priv);
      if (world.empty()) {  // ranks of several worlds: each names its own rank there
        int world_rank = 0;
        PMPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
        world.assign(std::size_t(cs->size), 0);
        PMPI_Allgather(&world_rank, 1, MPI_INT, world.data(), 1, MPI_INT, cs->priv);
      }
      const auto layout = default_placement(rt.model->cluster, *std::max_element(world.begin(), world.end()) + 1);
      cs->placement.resize(std::size_t(cs->size));
      for (int r = 0; r < cs->size; ++r) cs->placement[std::size_t(r)] = layout[std::size_t(world[std::size_t(r)])];
    } else if (rt.model) {
      // Ranks are mapped to calibrated processes by host name (and bound core when known), as the
      // world's were gathered at start-up; a communicator with ranks of another world gathers its own.
      if (!rt.world_placement.empty()) cs->placement = exec::placement_in(cs->priv, rt.world_placement);
      if (cs->placement.empty()) cs->placement = exec::gather_placement(cs->priv);
    }
    if (!cs->placement.empty()) cs->hosts_digest = hosts_digest(cs->placement);
  }
  cs->generation = g_generation.load(std::memory_order_acquire);
  CommState* raw = cs.release();
  PMPI_Comm_set_attr(comm, rt.keyval, raw);
  return raw;
}

}  // namespace

// The model (keyed on this communicator's ranks) that predicts `op`, or null (reported once).
const P2PModel* model_for(Runtime& rt, CommState& cs, Collective op) {
  if (!rt.model || rt.disabled) return nullptr;
  const std::string& want = rt.settings.op(op).p2p_model;
  const P2PModel* base = want == "auto" ? rt.model->default_model() : rt.model->model(want);
  if (!base) {
    fallback(rt, &cs, "model file " + rt.settings.model + " has no " + (want == "auto" ? std::string("usable") : want) +
                          " model (" + std::string(to_string(op)) + " runs native)");
    return nullptr;
  }
  const std::string kind(base->kind());
  auto it = cs.mapped.find(kind);
  if (it == cs.mapped.end()) {
    std::unique_ptr<MappedModel> m;
    try {
      m = std::make_unique<MappedModel>(*base, rt.model->cluster, cs.placement);
      if (rt.channels) m->set_channels(&*rt.channels);  // same-host pairs with known cores
    } catch (const std::exception& e) {
      fallback(rt, &cs, "model file " + rt.settings.model + " does not cover this communicator: " + e.what() +
                            " (native on it)");
    }
    it = cs.mapped.emplace(kind, std::move(m)).first;
  }
  return it->second.get();
}

const P2PModel& uniform_model(CommState& cs) {
  // Forcing an algorithm needs no model; its schedule is then built on equal links.
  if (!cs.uniform) {
    cs.uniform = std::make_unique<HockneyModel>(cs.size);
    for (int i = 0; i < cs.size; ++i)
      for (int j = 0; j < cs.size; ++j)
        if (i != j) cs.uniform->set(i, j, 5e-6, 1e-9);
  }
  return *cs.uniform;
}

CommState* comm_state_slow(Runtime& rt, MPI_Comm comm) {
  const std::uint64_t epoch = g_comm_epoch.load(std::memory_order_acquire);
  void* value = nullptr;
  int flag = 0;
  if (PMPI_Comm_get_attr(comm, rt.keyval, &value, &flag) != MPI_SUCCESS) return nullptr;
  CommState* cs = flag ? static_cast<CommState*>(value) : create_state(rt, comm);
  t_comm_cache = {comm, epoch, cs};
  return cs;
}

}  // namespace collsel::shim
