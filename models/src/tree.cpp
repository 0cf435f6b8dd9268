#include "collsel/tree.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace collsel {

Tree::Tree(int size, int root)
    : root_(root), parent_(std::size_t(size), -1) {
  if (size < 1 || root < 0 || root >= size) throw std::invalid_argument("Tree: bad size or root");
  edges_.reserve(std::size_t(size - 1));
}

void Tree::add_child(int parent, int child) {
  const int n = size();
  if (parent < 0 || parent >= n || child < 0 || child >= n)
    throw std::logic_error("Tree: edge " + std::to_string(parent) + " -> " + std::to_string(child) +
                           " outside 0.." + std::to_string(n - 1));
  edges_.emplace_back(parent, child);
  parent_[std::size_t(child)] = parent;
  preorder_.clear();
}

void Tree::finalize() {
  const int n = size();
  // Counting sort of the edges by parent; stable, so each parent keeps its service order.
  child_begin_.assign(std::size_t(n) + 1, 0);
  for (const auto& [p, c] : edges_) ++child_begin_[std::size_t(p) + 1];
  for (int r = 0; r < n; ++r) child_begin_[std::size_t(r) + 1] += child_begin_[std::size_t(r)];
  child_list_.resize(edges_.size());
  {
    std::vector<int> next(child_begin_.begin(), child_begin_.end() - 1);
    for (const auto& [p, c] : edges_) child_list_[std::size_t(next[std::size_t(p)]++)] = c;
  }
  preorder_.clear();
  preorder_.reserve(std::size_t(n));
  preorder_index_.assign(std::size_t(n), -1);
  subtree_size_.assign(std::size_t(n), 0);
  // Iterative preorder; the explicit stack keeps deep chains (P in the thousands) off the call stack.
  std::vector<std::pair<int, std::size_t>> stack;
  stack.emplace_back(root_, 0);
  preorder_index_[std::size_t(root_)] = 0;
  preorder_.push_back(root_);
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    const auto kids = children(node);
    if (next < kids.size()) {
      const int child = kids[next++];
      if (child < 0 || child >= n || preorder_index_[std::size_t(child)] != -1 ||
          parent_[std::size_t(child)] != node)
        throw std::logic_error("Tree: rank " + std::to_string(child) + " reached twice or badly linked");
      preorder_index_[std::size_t(child)] = int(preorder_.size());
      preorder_.push_back(child);
      stack.emplace_back(child, 0);
    } else {
      subtree_size_[std::size_t(node)] = int(preorder_.size()) - preorder_index_[std::size_t(node)];
      stack.pop_back();
    }
  }
  if (int(preorder_.size()) != n)
    throw std::logic_error("Tree: spans " + std::to_string(preorder_.size()) + " of " +
                           std::to_string(n) + " ranks");
}

bool same_tree(const Tree& a, const Tree& b) {
  if (a.size() != b.size() || a.root() != b.root()) return false;
  for (int r = 0; r < a.size(); ++r)
    if (a.parent(r) != b.parent(r)) return false;
  return std::ranges::equal(a.preorder(), b.preorder());
}

int Tree::depth() const {
  std::vector<int> d(parent_.size(), 0);
  int deepest = 0;
  for (int v : preorder_)
    if (v != root_) deepest = std::max(deepest, d[std::size_t(v)] = d[std::size_t(parent(v))] + 1);
  return deepest;
}

bool Tree::is_path() const {
  for (std::size_t r = 0; r + 1 < child_begin_.size(); ++r)
    if (child_begin_[r + 1] - child_begin_[r] > 1) return false;
  return true;
}

SubtreeRanges subtree_ranges(const Tree& tree) {
  const int n = tree.size();
  SubtreeRanges r;
  r.lo.resize(std::size_t(n));
  std::vector<int> hi(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v) r.lo[std::size_t(v)] = hi[std::size_t(v)] = v;
  const auto order = tree.preorder();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const int v = *it, p = tree.parent(v);
    if (hi[std::size_t(v)] - r.lo[std::size_t(v)] + 1 != tree.subtree_size(v)) r.contiguous = false;
    if (p >= 0) {
      r.lo[std::size_t(p)] = std::min(r.lo[std::size_t(p)], r.lo[std::size_t(v)]);
      hi[std::size_t(p)] = std::max(hi[std::size_t(p)], hi[std::size_t(v)]);
    }
  }
  return r;
}

}  // namespace collsel
