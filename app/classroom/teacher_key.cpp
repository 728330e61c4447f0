#include "classroom/teacher_key.h"

#include <sys/random.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>

namespace scanviz::classroom {

std::string NewTeacherKey() {
  std::array<unsigned char, 16> bytes{};
  std::size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = getrandom(bytes.data() + got, bytes.size() - got, 0);
    if (n <= 0) throw std::runtime_error("cannot read random bytes for the teacher's key");
    got += static_cast<std::size_t>(n);
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string key;
  for (const unsigned char b : bytes) {
    key += kHex[b >> 4];
    key += kHex[b & 15];
  }
  return key;
}

bool KeyMatches(std::string_view given, std::string_view key) {
  if (key.empty()) return false;
  // Every byte of the longer one is compared (against 0 past the shorter's end), and the lengths
  // too, so that neither an early mismatch nor a short guess returns sooner.
  unsigned diff = given.size() == key.size() ? 0u : 1u;
  const std::size_t n = std::max(given.size(), key.size());
  for (std::size_t i = 0; i < n; ++i) {
    const auto a = static_cast<unsigned char>(i < given.size() ? given[i] : 0);
    const auto b = static_cast<unsigned char>(i < key.size() ? key[i] : 0);
    diff |= static_cast<unsigned>(a ^ b);
  }
  return diff == 0;
}

bool IsUsableKey(std::string_view key) {
  if (key.size() < 8 || key.size() > 128) return false;
  return std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
  });
}

}  // namespace scanviz::classroom
