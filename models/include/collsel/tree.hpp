// A communication tree over communicator ranks 0..P-1: who serves whom, and in which order.
// The very object the predictor costs and the shim's executors run (one schedule, two interpreters).
#pragma once

#include <span>
#include <utility>
#include <vector>

namespace collsel {

class Tree {
 public:
  Tree() = default;
  Tree(int size, int root);

  int size() const { return int(parent_.size()); }
  int root() const { return root_; }
  int parent(int rank) const { return parent_[std::size_t(rank)]; }  // -1 for the root
  // Children in service order: for data flowing out of the root the first child is served first.
  // For data flowing to the root (reduce, gather) the schedule is the mirror image in time: the
  // children's contributions are received in reverse service order, so the same tree costs the
  // same either way under a symmetric model.
  // Valid once finalize() has run.
  std::span<const int> children(int rank) const {
    return std::span<const int>(child_list_)
        .subspan(std::size_t(child_begin_[std::size_t(rank)]),
                 std::size_t(child_begin_[std::size_t(rank) + 1] - child_begin_[std::size_t(rank)]));
  }

  // Appends `child` as the last-served child of `parent`. Invalidates finalize().
  void add_child(int parent, int child);

  // Checks the tree spans all ranks exactly once and lays out the children lists and the preorder.
  // Throws std::logic_error on a malformed tree. Must be called before children() and the
  // accessors below.
  void finalize();
  bool finalized() const { return !preorder_.empty() || parent_.empty(); }

  // Preorder (node, then its children's subtrees in service order). A subtree is a contiguous
  // range of it, which is how scatter/gather lay out the blocks a subtree's edge carries.
  std::span<const int> preorder() const { return preorder_; }
  int subtree_size(int rank) const { return subtree_size_[std::size_t(rank)]; }
  int preorder_index(int rank) const { return preorder_index_[std::size_t(rank)]; }
  std::span<const int> subtree(int rank) const {
    return std::span<const int>(preorder_).subspan(std::size_t(preorder_index(rank)),
                                                   std::size_t(subtree_size(rank)));
  }
  int depth() const;
  // Whether no node has two children: the tree is a path from the root (depth n − 1). Stops at the
  // first node with two, so a branching tree answers at once.
  bool is_path() const;

 private:
  int root_ = 0;
  std::vector<int> parent_;
  // Flat layout: a decision builds trees of P ranks for a dozen candidates, and one heap block
  // per rank made allocation the builders' main cost in large jobs. add_child() records edges in
  // service order; finalize() sorts them stably by parent into child_list_, rank r's children
  // being child_list_[child_begin_[r] .. child_begin_[r+1]).
  std::vector<std::pair<int, int>> edges_;  // (parent, child) in the order added
  std::vector<int> child_begin_, child_list_;
  std::vector<int> preorder_, preorder_index_, subtree_size_;
};

// Whether two finalized trees have the same edges in the same service order (their parents and
// preorder fix every node's children and the order it serves them in).
bool same_tree(const Tree& a, const Tree& b);

// Lowest rank in each rank's subtree, and whether every subtree is a contiguous rank range.
// The one rule for non-commutative reductions: the tree and pipeline reduce executors keep each
// child's partial result apart and fold the pieces by `lo`, which yields x_0 op x_1 op ... op
// x_{P-1} whatever order the children's messages arrive in exactly when every subtree is a rank
// range (docs/algorithms.md).
struct SubtreeRanges {
  std::vector<int> lo;
  bool contiguous = true;
};
SubtreeRanges subtree_ranges(const Tree& tree);

}  // namespace collsel
