// EmptyOnCopy<T>: an owning pointer (a std::unique_ptr) whose copy starts empty. A struct holding
// its per-object state this way keeps its implicit copy, which copies every other member: a copy of
// a Choice (runtime.hpp) carries all of its fields but none of its verification, audit or drift
// monitor, without a list of fields to keep up to date.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>

namespace collsel::shim {

template <class T>
class EmptyOnCopy {
 public:
  EmptyOnCopy() = default;
  EmptyOnCopy(std::nullptr_t) noexcept {}
  EmptyOnCopy(std::unique_ptr<T> p) noexcept : p_(std::move(p)) {}
  // A copy owns nothing; assigning a copy drops what was owned (the copy's state is its own).
  EmptyOnCopy(const EmptyOnCopy&) noexcept {}
  EmptyOnCopy& operator=(const EmptyOnCopy& o) noexcept {
    if (this != &o) p_.reset();
    return *this;
  }
  EmptyOnCopy(EmptyOnCopy&&) noexcept = default;
  EmptyOnCopy& operator=(EmptyOnCopy&&) noexcept = default;
  EmptyOnCopy& operator=(std::unique_ptr<T> p) noexcept {
    p_ = std::move(p);
    return *this;
  }

  T* get() const noexcept { return p_.get(); }
  T& operator*() const noexcept { return *p_; }
  T* operator->() const noexcept { return p_.get(); }
  explicit operator bool() const noexcept { return p_ != nullptr; }
  void reset() noexcept { p_.reset(); }
  friend bool operator==(const EmptyOnCopy& p, std::nullptr_t) noexcept { return !p; }

 private:
  std::unique_ptr<T> p_;
};

}  // namespace collsel::shim
