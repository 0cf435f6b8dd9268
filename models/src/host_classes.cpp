// Host classes from landmark signatures: collsel/host_classes.hpp.
#include "collsel/host_classes.hpp"

#include "collsel/cluster.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace collsel {

double signature_distance(const std::vector<double>& a, const std::vector<double>& b) {
  double d = 0;
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t k = 0; k < n; ++k)
    if (a[k] > 0 && b[k] > 0 && std::isfinite(a[k]) && std::isfinite(b[k]))
      d = std::max(d, std::abs(std::log(a[k] / b[k])));
  return d;
}

HostClasses classify_hosts(const HostSignatures& signatures, double tolerance, int max_classes) {
  // Complete linkage: repeatedly merge the two classes whose union has the smallest diameter (the
  // largest distance between two of its hosts), while that diameter is within the tolerance or
  // there are more classes than allowed. Unlike a first fit against each class's founder, every two
  // hosts of a class agree, and when the classes must be fewer the tolerance grows for the closest
  // classes only (docs/design/0008).
  const std::size_t n = signatures.size();
  const double limit = std::log1p(std::max(0.0, tolerance));
  const std::size_t allowed = std::size_t(std::max(1, max_classes));
  std::vector<double> dist(n * n, 0.0);  // between classes (by their lowest host), updated on merge
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) dist[i * n + j] = dist[j * n + i] = signature_distance(signatures[i], signatures[j]);
  std::vector<int> owner(n);  // host -> the class's lowest host
  std::iota(owner.begin(), owner.end(), 0);
  std::vector<char> active(n, 1);
  std::vector<std::size_t> nearest(n, n);
  auto find_nearest = [&](std::size_t i) {
    nearest[i] = n;
    for (std::size_t j = 0; j < n; ++j)
      if (j != i && active[j] && (nearest[i] == n || dist[i * n + j] < dist[i * n + nearest[i]])) nearest[i] = j;
  };
  for (std::size_t i = 0; i < n; ++i) find_nearest(i);
  std::size_t classes = n;
  double spread = 0;
  while (classes > 1) {
    std::size_t a = n;
    for (std::size_t i = 0; i < n; ++i)
      if (active[i] && nearest[i] < n && (a == n || dist[i * n + nearest[i]] < dist[a * n + nearest[a]])) a = i;
    std::size_t b = nearest[a];
    const double d = dist[a * n + b];
    if (d > limit && classes <= allowed) break;
    if (b < a) std::swap(a, b);  // the merged class keeps its lowest host's number
    spread = std::max(spread, d);
    active[b] = 0;
    --classes;
    for (std::size_t k = 0; k < n; ++k) {
      dist[a * n + k] = dist[k * n + a] = std::max(dist[a * n + k], dist[b * n + k]);
      if (owner[k] == int(b)) owner[k] = int(a);
    }
    // Distances only grow by a merge: only the classes whose nearest was a or b look again.
    for (std::size_t k = 0; k < n; ++k)
      if (active[k] && (k == a || nearest[k] == a || nearest[k] == b)) find_nearest(k);
  }
  HostClasses out;
  out.host_class.assign(n, -1);
  out.tolerance = std::max(std::max(0.0, tolerance), std::expm1(spread));
  std::vector<int> number(n, -1);
  int next = 0;
  for (std::size_t h = 0; h < n; ++h) {
    int& c = number[std::size_t(owner[h])];
    if (c < 0) c = next++;
    out.host_class[h] = c;
  }
  out.classes = next;
  return out;
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

double fastest_transfer_seen(const HostSignatures& signatures) {
  double seen = kUnmeasured;
  for (const auto& row : signatures)
    for (std::size_t k = 0; k + 1 < row.size(); k += 2) {
      const double transfer = row[k + 1] - row[k];
      if (std::isfinite(transfer) && transfer > 0 && !(seen <= transfer)) seen = transfer;
    }
  return seen;
}

bool beyond_survey(const std::array<double, 2>& pair, double seen, double tolerance) {
  const double transfer = pair[1] - pair[0];
  return std::isfinite(transfer) && transfer > 0 && std::isfinite(seen) &&
         transfer * (1 + std::max(0.0, tolerance)) < seen;
}

int hidden_speed_pair(const std::vector<std::array<double, 2>>& pairs, double seen, double tolerance) {
  auto transfer = [&](std::size_t k) { return pairs[k][1] - pairs[k][0]; };
  int best = -1;
  for (std::size_t k = 0; k < pairs.size(); ++k)
    if (beyond_survey(pairs[k], seen, tolerance) && (best < 0 || transfer(k) < transfer(std::size_t(best))))
      best = int(k);
  return best;
}

namespace {
// Per class, its hosts in host order.
std::vector<std::vector<std::size_t>> class_members(const std::vector<int>& host_class) {
  std::vector<std::vector<std::size_t>> members;
  for (std::size_t h = 0; h < host_class.size(); ++h) {
    if (host_class[h] < 0) continue;
    if (std::size_t(host_class[h]) >= members.size()) members.resize(std::size_t(host_class[h]) + 1);
    members[std::size_t(host_class[h])].push_back(h);
  }
  return members;
}
}  // namespace

std::vector<bool> choose_representatives(const std::vector<int>& host_class, int per_class) {
  const std::vector<std::vector<std::size_t>> members = class_members(host_class);
  std::vector<bool> rep(host_class.size(), false);
  for (const auto& m : members) {
    const std::size_t take = std::min(m.size(), std::size_t(std::max(0, per_class)));
    for (std::size_t i = 0; i < take; ++i) rep[m[i * m.size() / take]] = true;
  }
  return rep;
}

std::vector<std::array<double, 2>> far_references(const std::vector<int>& host_class,
                                                  const std::vector<std::array<double, 2>>& next_pair) {
  const double nan = kUnmeasured;
  int classes = 0;
  for (int c : host_class) classes = std::max(classes, c + 1);
  std::vector<std::array<double, 2>> ref(std::size_t(classes), {nan, nan});
  for (std::size_t h = 0; h < host_class.size() && h < next_pair.size(); ++h) {
    if (host_class[h] < 0) continue;
    auto& r = ref[std::size_t(host_class[h])];
    for (std::size_t k = 0; k < 2; ++k)
      if (std::isfinite(next_pair[h][k]) && next_pair[h][k] > 0 && !(r[k] >= next_pair[h][k])) r[k] = next_pair[h][k];
  }
  return ref;
}

std::vector<int> next_in_class(const std::vector<int>& host_class) {
  std::vector<int> next(host_class.size(), -1), last;
  for (std::size_t h = 0; h < host_class.size(); ++h) {
    const int c = host_class[h];
    if (c < 0) continue;
    if (std::size_t(c) >= last.size()) last.resize(std::size_t(c) + 1, -1);
    if (last[std::size_t(c)] >= 0) next[std::size_t(last[std::size_t(c)])] = int(h);
    last[std::size_t(c)] = int(h);
  }
  return next;
}

bool is_near(const std::array<double, 2>& times, const std::array<double, 2>& reference, double tolerance) {
  // Faster than the reference by more than the tolerance in some column, slower in none.
  const double limit = std::log1p(std::max(0.0, tolerance));
  bool faster = false;
  for (std::size_t k = 0; k < 2; ++k) {
    if (!(times[k] > 0 && std::isfinite(times[k]) && reference[k] > 0 && std::isfinite(reference[k]))) continue;
    const double d = std::log(reference[k] / times[k]);
    if (d < -limit) return false;
    faster |= d > limit;
  }
  return faster;
}

std::vector<int> find_switch_groups(const std::vector<int>& host_class,
                                    const std::vector<std::array<double, 2>>& next_pair, double tolerance) {
  const std::vector<std::array<double, 2>> ref = far_references(host_class, next_pair);
  const std::vector<int> next = next_in_class(host_class);
  std::vector<int> group(host_class.size(), -1);
  int groups = 0;
  for (std::size_t h = 0; h < host_class.size() && h < next_pair.size(); ++h) {
    if (next[h] < 0 || !is_near(next_pair[h], ref[std::size_t(host_class[h])], tolerance)) continue;
    if (group[h] < 0) group[h] = groups++;
    group[std::size_t(next[h])] = group[h];
  }
  if (groups == 0) return {};
  return group;
}

std::vector<std::array<int, 2>> group_spans(const std::vector<int>& host_group) {
  // Groups are runs of a class's members: first and last member.
  std::vector<std::array<int, 2>> spans;
  for (std::size_t h = 0; h < host_group.size(); ++h) {
    const int g = host_group[h];
    if (g < 0) continue;
    if (std::size_t(g) >= spans.size()) spans.resize(std::size_t(g) + 1, {-1, -1});
    if (spans[std::size_t(g)][0] < 0) spans[std::size_t(g)][0] = int(h);
    spans[std::size_t(g)][1] = int(h);
  }
  return spans;
}

std::vector<bool> choose_group_representatives(const std::vector<int>& host_class, const std::vector<int>& host_group) {
  if (host_group.size() != host_class.size()) return choose_representatives(host_class, 2);
  const std::vector<std::vector<std::size_t>> members = class_members(host_class);
  std::vector<bool> rep(host_class.size(), false);
  auto group = [&](std::size_t h) { return host_group[h]; };
  for (const auto& m : members) {
    if (m.empty()) continue;
    // A: the first host of the first group of two or more (its next host is then in it too).
    std::size_t a = 0;
    while (a + 1 < m.size() && !(group(m[a]) >= 0 && group(m[a]) == group(m[a + 1]))) ++a;
    if (a + 1 >= m.size()) a = 0;
    rep[m[a]] = true;
    const int ga = group(m[a]);
    if (ga >= 0 && a + 1 < m.size() && group(m[a + 1]) == ga) rep[m[a + 1]] = true;  // A'
    // B: outside A's group, from the middle on (else from the start).
    auto outside = [&](std::size_t i) { return ga < 0 ? i != a : group(m[i]) != ga; };
    std::size_t b = m.size();
    for (std::size_t i = m.size() / 2; i < m.size() && b == m.size(); ++i)
      if (outside(i)) b = i;
    for (std::size_t i = 0; i < m.size() && b == m.size(); ++i)
      if (outside(i)) b = i;
    if (b < m.size()) rep[m[b]] = true;
  }
  return rep;
}

std::vector<int> representative_processes(const Cluster& placement, const std::vector<int>& host_class,
                                          const std::vector<int>& host_group) {
  // Two representative hosts per class (three when that would leave fewer than three processes,
  // which LMO's triplets need; with switch groups, A, A' and B); on the first host of a class two
  // processes where it has them, so the class's intra-host pairs are measured too, one elsewhere.
  std::vector<bool> rep = host_group.empty() ? choose_representatives(host_class, 2)
                                             : choose_group_representatives(host_class, host_group);
  auto processes_on = [&](std::vector<bool> hosts) {
    // Process 0 writes the model file and must hold the pair models the representatives compute:
    // its host always measures (the groups' A and B can be other hosts of its class; a 48-host
    // random SimGrid platform wrote a file without pair models so).
    if (placement.size() > 0 && std::size_t(placement.host_of(0)) < hosts.size()) hosts[std::size_t(placement.host_of(0))] = true;
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
                               const std::vector<int>& processes, const std::vector<int>& host_group) {
  Cluster c;
  c.hosts = placement.hosts;
  c.host_class = host_class;
  c.host_group = host_group;
  for (int p : processes) {
    c.process_host.push_back(placement.host_of(p));
    c.process_core.push_back(std::size_t(p) < placement.process_core.size() ? placement.process_core[std::size_t(p)] : -1);
  }
  return c;
}

}  // namespace collsel
