// Reading a file's JSON into nlohmann's tree within a bound on memory (issue #25): every loader of
// a file a user hands us (traces, sessions, results, settings, presets, quizzes) parses through
// ReadJson, once.
//
// nlohmann's tree costs up to about 35 bytes of memory per byte of compact JSON (a `{}` in an
// array, three bytes, takes about a hundred), so a file is held to what its format needs: a key the
// format does not know may not hold bulk (an array, an object or a long string: dropped unread,
// and the file refused), and the whole tree to `bytes_per_byte` times the text. Running out of
// memory anyway is an error, never an abort.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz {

// The key names a format uses, in any object of its files (one list per format, not per object).
class JsonKeys {
 public:
  JsonKeys(std::initializer_list<std::string_view> keys);
  JsonKeys(std::initializer_list<const JsonKeys*> parts);  // their union
  bool Contains(std::string_view key) const;

 private:
  std::vector<std::string> m_keys;  // sorted
};

// A key the format does not know may hold a string of at most this many bytes (and is dropped).
inline constexpr std::size_t kMaxUnknownStringBytes = 4096;
// What any file may take besides bytes_per_byte times its size: small files are never refused.
inline constexpr std::size_t kJsonBaseBytes = std::size_t{16} << 20;
// Well-formed files of every format take at most 18 bytes of tree per byte (the densest traces
// the CLI writes: MemoryBound.TheDensestTracesTheCliWritesFitWithoutTheBase); `[{}, {}, ...]`, 32.
inline constexpr std::size_t kJsonBytesPerByte = 24;

struct JsonLimits {
  int max_depth = 16;  // arrays and objects nested deeper are refused before parsing
  // With a list, a key not on it (nor on `ignored`) is dropped unread, and when it holds bulk (an
  // array, an object or a string of more than kMaxUnknownStringBytes) JsonRead::unknown says so:
  // the loader refuses the file. Without one (settings, presets, quizzes) every key is kept.
  const JsonKeys* known = nullptr;
  // Keys whose values the loader has no use for (stored derived fields): dropped unread.
  const JsonKeys* ignored = nullptr;
  std::size_t bytes_per_byte = kJsonBytesPerByte;
  std::size_t base_bytes = kJsonBaseBytes;
};

// Frees a tree without allocating, leaves first. (nlohmann's destructor first moves every element
// of the largest array into a new vector, as large again, and aborts where there is no memory for
// it.) Recursive: as deep as the tree nests, which ReadJson bounds.
void ReleaseJson(nlohmann::json& j) noexcept;

struct JsonRead {
  enum class Problem {
    kNone,
    kSyntax,  // malformed or truncated JSON (nlohmann's message in `error`)
    kRange,   // a number past a double (1e400)
    kShape,   // nested too deep, or more values than a file of its size holds
    kMemory,  // not enough memory even so
  };
  nlohmann::json value;
  Problem problem = Problem::kNone;
  std::string error;  // one line, set when problem is not kNone
  // The first key the format does not know that held bulk ('unknown key "padding" holds an array
  // (not part of the format)'), dropped from `value`. A loader refuses the file with it where the
  // rest decodes, and gives its own error where not: a file of another kind is still called that.
  std::string unknown;
  bool Ok() const { return problem == Problem::kNone; }

  JsonRead() = default;  // NOLINT(bugprone-exception-escape): a null json and "" cannot throw
  JsonRead(JsonRead&&) = default;
  JsonRead& operator=(JsonRead&&) = default;
  JsonRead(const JsonRead&) = delete;
  JsonRead& operator=(const JsonRead&) = delete;
  ~JsonRead() { ReleaseJson(value); }
};

// Parses `text` once, within `limits`.
JsonRead ReadJson(std::string_view text, const JsonLimits& limits);

// "not enough memory to read it (104 MB)": what a loader says when an allocation failed while it
// read or decoded a text of `bytes`.
std::string NoMemoryError(std::size_t bytes);

}  // namespace scanviz
