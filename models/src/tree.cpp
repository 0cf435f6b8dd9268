#include "collsel/tree.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace collsel {

Tree::Tree(int size, int root)
    : root_(root), parent_(std::size_t(size), -1), children_(std::size_t(size)) {
  if (size < 1 || root < 0 || root >= size) throw std::invalid_argument("Tree: bad size or root");
}

void Tree::add_child(int parent, int child) {
  children_[std::size_t(parent)].push_back(child);
  parent_[std::size_t(child)] = parent;
  preorder_.clear();
}

void Tree::finalize() {
  const int n = size();
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
    const auto& kids = children_[std::size_t(node)];
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

int Tree::depth() const {
  std::vector<int> d(parent_.size(), 0);
  int deepest = 0;
  for (int v : preorder_)
    if (v != root_) deepest = std::max(deepest, d[std::size_t(v)] = d[std::size_t(parent(v))] + 1);
  return deepest;
}

bool Tree::preserves_rank_order() const {
  // Bottom-up (reverse preorder): the ranks combined at v so far form the interval [lo, hi],
  // starting as {v}; children arrive in reverse service order and each child's interval must touch
  // it on one side, so the partial result is always x_lo op ... op x_hi in rank order.
  const std::size_t n = parent_.size();
  std::vector<int> lo(n), hi(n);
  for (auto it = preorder_.rbegin(); it != preorder_.rend(); ++it) {
    const int v = *it;
    int a = v, b = v;
    const auto& kids = children_[std::size_t(v)];
    for (auto c = kids.rbegin(); c != kids.rend(); ++c) {
      const std::size_t k = std::size_t(*c);
      if (hi[k] + 1 == a) {
        a = lo[k];
      } else if (lo[k] == b + 1) {
        b = hi[k];
      } else {
        return false;
      }
    }
    lo[std::size_t(v)] = a;
    hi[std::size_t(v)] = b;
  }
  return true;
}

}  // namespace collsel
