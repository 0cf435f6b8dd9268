// The [channels] section of the model file (schema in docs/channels.md), its reader with errors
// naming file, line and key, its writer, and the built-in EPYC default.
#include <toml++/toml.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "collsel/channels.hpp"

namespace collsel {

namespace {

int line_of(const toml::node& n) { return int(n.source().begin.line); }

struct Reader {
  std::string file;

  [[noreturn]] void fail(const toml::node& n, const std::string& key, const std::string& problem) const {
    throw ChannelsFileError(file, line_of(n), key, problem);
  }

  double number(const toml::table& t, std::string_view name, const std::string& key, bool required,
                double fallback = 0) const {
    const toml::node* n = t.get(name);
    const std::string k = key + "." + std::string(name);
    if (!n) {
      if (required) throw ChannelsFileError(file, line_of(t), k, "missing (a number is required)");
      return fallback;
    }
    std::optional<double> v;
    if (const auto* f = n->as_floating_point()) v = f->get();
    else if (const auto* i = n->as_integer()) v = double(i->get());
    if (!v) fail(*n, k, "expected a number");
    if (!std::isfinite(*v) || *v < 0) fail(*n, k, "must be a finite number >= 0");
    return *v;
  }

  int count(const toml::table& t, std::string_view name, const std::string& key) const {
    const toml::node* n = t.get(name);
    if (!n) return 0;
    const auto* i = n->as_integer();
    if (!i || i->get() < 0 || i->get() > 1'000'000'000) fail(*n, key + "." + std::string(name), "expected a count >= 0");
    return int(i->get());
  }

  void only_keys(const toml::table& t, const std::string& key, std::initializer_list<std::string_view> allowed) const {
    for (const auto& [k, v] : t) {
      bool ok = false;
      for (auto a : allowed) ok |= k.str() == a;
      if (!ok) {
        std::string list;
        for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
        fail(v, key + "." + std::string(k.str()), "unknown key (expected one of: " + list + ")");
      }
    }
  }
};

}  // namespace

ChannelModel channels_from_toml(const toml::table& section, std::string_view file, std::string_view key) {
  const Reader rd{std::string(file)};
  const std::string base(key);
  ChannelModel model;
  for (const auto& [k, node] : section) {
    const std::string name(k.str());
    const std::string ck = base + "." + name;
    if (name == "note") {
      const auto* s = node.as_string();
      if (!s) rd.fail(node, ck, "expected a string");
      model.note = s->get();
      continue;
    }
    const auto c = parse_channel(name);
    if (!c) rd.fail(node, ck, "unknown channel class (expected smt, l3, numa, package or remote, or note)");
    const auto* t = node.as_table();
    if (!t) rd.fail(node, ck, "expected a table [" + ck + "]");
    rd.only_keys(*t, ck, {"alpha", "beta", "nbft", "pairs", "samples"});
    ChannelParams p;
    p.p2p.alpha = rd.number(*t, "alpha", ck, true);
    p.p2p.beta = rd.number(*t, "beta", ck, true);
    p.pairs = rd.count(*t, "pairs", ck);
    p.samples = rd.count(*t, "samples", ck);
    if (const toml::node* nb = t->get("nbft")) {
      const std::string nk = ck + ".nbft";
      const auto* nt = nb->as_table();
      if (!nt) rd.fail(*nb, nk, "expected a table { a, b, d, e }");
      rd.only_keys(*nt, nk, {"a", "b", "d", "e"});
      p.nbft = ChannelNbft{.a = rd.number(*nt, "a", nk, true), .b = rd.number(*nt, "b", nk, true),
                           .d = rd.number(*nt, "d", nk, true), .e = rd.number(*nt, "e", nk, true)};
    }
    model.set(*c, p);
  }
  if (model.empty())
    throw ChannelsFileError(std::string(file), line_of(section), base,
                            "no channel class (expected at least one of [" + base + ".smt], [" + base + ".l3], [" +
                                base + ".numa], [" + base + ".package], [" + base + ".remote])");
  return model;
}

toml::table channels_to_toml(const ChannelModel& model) {
  toml::table out;
  if (!model.note.empty()) out.insert("note", model.note);
  for (Channel c : all_channels) {
    const auto& p = model.params(c);
    if (!p) continue;
    toml::table t;
    t.insert("alpha", p->p2p.alpha);
    t.insert("beta", p->p2p.beta);
    if (p->pairs) t.insert("pairs", p->pairs);
    if (p->samples) t.insert("samples", p->samples);
    if (p->nbft) {
      toml::table nb{{"a", p->nbft->a}, {"b", p->nbft->b}, {"d", p->nbft->d}, {"e", p->nbft->e}};
      nb.is_inline(true);
      t.insert("nbft", std::move(nb));
    }
    out.insert(std::string(to_string(c)), std::move(t));
  }
  return out;
}

std::string format_channels_section(const ChannelModel& model) {
  // Written by hand rather than through toml++'s printer: shortest round-trip numbers and the
  // flat layout of the rest of the model file.
  auto num = [](double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, r.ptr);
    if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
    return s;
  };
  std::ostringstream out;
  out << "[channels]\n";
  if (!model.note.empty()) out << "note = " << toml::value<std::string>(model.note) << "\n";
  for (Channel c : all_channels) {
    const auto& p = model.params(c);
    if (!p) continue;
    out << "\n[channels." << to_string(c) << "]\nalpha = " << num(p->p2p.alpha) << "\nbeta = " << num(p->p2p.beta)
        << "\n";
    if (p->nbft)
      out << "nbft = { a = " << num(p->nbft->a) << ", b = " << num(p->nbft->b) << ", d = " << num(p->nbft->d)
          << ", e = " << num(p->nbft->e) << " }\n";
    if (p->pairs) out << "pairs = " << p->pairs << "\n";
    if (p->samples) out << "samples = " << p->samples << "\n";
  }
  return out.str();
}

ChannelModel parse_channel_model(std::string_view text, std::string_view source_name) {
  toml::table doc;
  try {
    doc = toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    throw ChannelsFileError(std::string(source_name), int(e.source().begin.line), "",
                            std::string(e.description()));
  }
  const toml::node* section = doc.get("channels");
  if (!section) throw ChannelsFileError(std::string(source_name), 0, "channels", "missing [channels] section");
  const auto* t = section->as_table();
  if (!t) throw ChannelsFileError(std::string(source_name), line_of(*section), "channels", "expected a table");
  return channels_from_toml(*t, source_name);
}

ChannelModel read_channel_model_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ChannelsFileError(path.string(), 0, "", "cannot open the file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_channel_model(ss.str(), path.string());
}

ChannelModel epyc_default_channel_model() {
  // Keep equal to examples/models/epyc-channels.toml (channels_test checks it). Order-of-magnitude
  // shared-memory MPI figures for a dual-socket AMD EPYC (Zen 3) node, not a measurement: see
  // docs/channels.md for where each number comes from.
  ChannelModel m;
  m.note = "default for EPYC-like dual-socket nodes (estimates, not measured; docs/channels.md)";
  auto put = [&](Channel c, double alpha, double beta) {
    ChannelParams p;
    p.p2p = {alpha, beta};
    p.nbft = ChannelNbft{.a = alpha, .b = beta, .d = 0.5 * alpha, .e = 0.5 * beta};
    m.set(c, p);
  };
  put(Channel::smt, 0.20e-6, 2.5e-11);
  put(Channel::l3, 0.25e-6, 4.0e-11);
  put(Channel::numa, 0.55e-6, 8.0e-11);
  put(Channel::package, 0.65e-6, 9.0e-11);
  put(Channel::remote, 1.00e-6, 1.25e-10);
  return m;
}

}  // namespace collsel
