// The one error of every collsel input file (model file, its [channels] section, topologies
// read with it): what() is "FILE:LINE: KEY: PROBLEM" (LINE 0 when there is no line; "KEY: " left
// out when the key is empty), so a user goes straight to the line and key at fault.
#pragma once

#include <stdexcept>
#include <string>

namespace collsel {

class FileError : public std::runtime_error {
 public:
  FileError(std::string file, int line, std::string key, std::string problem);
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  const std::string& key() const { return key_; }
  const std::string& problem() const { return problem_; }

 private:
  std::string file_;
  int line_;
  std::string key_, problem_;
};

}  // namespace collsel
