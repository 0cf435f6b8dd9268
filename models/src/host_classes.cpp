// Host classes from landmark signatures: collsel/host_classes.hpp.
#include "collsel/host_classes.hpp"

#include "collsel/cluster.hpp"

#include <algorithm>
#include <cmath>

namespace collsel {

double signature_distance(const std::vector<double>& a, const std::vector<double>& b) {
  double d = 0;
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t k = 0; k < n; ++k)
    if (a[k] > 0 && b[k] > 0 && std::isfinite(a[k]) && std::isfinite(b[k]))
      d = std::max(d, std::abs(std::log(a[k] / b[k])));
  return d;
}

std::vector<int> classify_hosts(const HostSignatures& signatures, double tolerance) {
  const double limit = std::log1p(std::max(0.0, tolerance));
  std::vector<int> cls(signatures.size(), -1);
  // Each class's reference: its founder's signature, with the columns the founder lacks (a
  // landmark's own) taken from the first member that has them, so a landmark does not absorb
  // every host that differs only towards itself.
  std::vector<std::vector<double>> reference;
  for (std::size_t h = 0; h < signatures.size(); ++h) {
    for (std::size_t c = 0; c < reference.size() && cls[h] < 0; ++c)
      if (signature_distance(signatures[h], reference[c]) <= limit) cls[h] = int(c);
    if (cls[h] < 0) {
      cls[h] = int(reference.size());
      reference.push_back(signatures[h]);
      continue;
    }
    std::vector<double>& ref = reference[std::size_t(cls[h])];
    if (ref.size() < signatures[h].size()) ref.resize(signatures[h].size(), kUnmeasured);
    for (std::size_t k = 0; k < signatures[h].size(); ++k)
      if (!(ref[k] > 0 && std::isfinite(ref[k]))) ref[k] = signatures[h][k];
  }
  return cls;
}

int next_landmark(const HostSignatures& signatures, const std::vector<int>& landmarks) {
  int best = -1;
  double best_distance = 0;
  for (std::size_t h = 0; h < signatures.size(); ++h) {
    if (std::find(landmarks.begin(), landmarks.end(), int(h)) != landmarks.end()) continue;
    double nearest = std::numeric_limits<double>::infinity();
    for (int l : landmarks) nearest = std::min(nearest, signature_distance(signatures[h], signatures[std::size_t(l)]));
    if (landmarks.empty()) nearest = 0;
    if (nearest > best_distance) best_distance = nearest, best = int(h);
  }
  return best;
}

int fastest_host(const std::vector<double>& times, int exclude) {
  int best = -1;
  for (std::size_t h = 0; h < times.size(); ++h)
    if (int(h) != exclude && std::isfinite(times[h]) && times[h] > 0 && (best < 0 || times[h] < times[std::size_t(best)]))
      best = int(h);
  return best;
}

std::vector<bool> choose_representatives(const std::vector<int>& host_class, int per_class) {
  std::vector<std::vector<std::size_t>> members;
  for (std::size_t h = 0; h < host_class.size(); ++h) {
    if (host_class[h] < 0) continue;
    if (std::size_t(host_class[h]) >= members.size()) members.resize(std::size_t(host_class[h]) + 1);
    members[std::size_t(host_class[h])].push_back(h);
  }
  std::vector<bool> rep(host_class.size(), false);
  for (const auto& m : members) {
    const std::size_t take = std::min(m.size(), std::size_t(std::max(0, per_class)));
    for (std::size_t i = 0; i < take; ++i) rep[m[i * m.size() / take]] = true;
  }
  return rep;
}

std::vector<int> representative_processes(const Cluster& placement, const std::vector<int>& host_class) {
  // Two representative hosts per class (three when that would leave fewer than three processes,
  // which LMO's triplets need); on the first host of a class two processes where it has them, so
  // the class's intra-host pairs are measured too, one elsewhere.
  std::vector<bool> rep = choose_representatives(host_class, 2);
  auto processes_on = [&](const std::vector<bool>& hosts) {
    std::vector<int> out, taken(hosts.size(), 0), first_host(hosts.size(), -1);
    for (int p = 0; p < placement.size(); ++p) {
      const int h = placement.host_of(p);
      if (!hosts[std::size_t(h)]) continue;
      int& first = first_host[std::size_t(host_class[std::size_t(h)])];
      if (first < 0) first = h;
      if (taken[std::size_t(h)] < (first == h ? 2 : 1)) out.push_back(p), ++taken[std::size_t(h)];
    }
    return out;
  };
  std::vector<int> out = processes_on(rep);
  if (out.size() < 3) out = processes_on(choose_representatives(host_class, 3));
  return out;
}

Cluster representative_cluster(const Cluster& placement, const std::vector<int>& host_class,
                               const std::vector<int>& processes) {
  Cluster c;
  c.hosts = placement.hosts;
  c.host_class = host_class;
  for (int p : processes) {
    c.process_host.push_back(placement.host_of(p));
    c.process_core.push_back(std::size_t(p) < placement.process_core.size() ? placement.process_core[std::size_t(p)] : -1);
  }
  return c;
}

}  // namespace collsel
