// The teacher's key: 128 random bits in hex, printed by `scanviz-cli serve` in the teacher's
// address only, and checked on every publish in constant time (how long a check takes says
// nothing about how much of a guess was right).
#pragma once

#include <string>
#include <string_view>

namespace scanviz::classroom {

// 32 hex digits from the kernel's random source (getrandom); throws std::runtime_error when it
// cannot be read.
std::string NewTeacherKey();

// given == key, in a time that depends only on the lengths. An empty key matches nothing.
bool KeyMatches(std::string_view given, std::string_view key);

// Whether a key given with --key is usable: 8 to 128 characters of [A-Za-z0-9_-], so that it
// stands in a URL fragment and a header as it is.
bool IsUsableKey(std::string_view key);

}  // namespace scanviz::classroom
