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
// the CLI writes); `[{}, {}, ...]`, 32. Trace files have a bound of their own, their grids' block
// traces taken out of the tree as they are read (kTraceJsonBytesPerByte, core/trace_io.h).
inline constexpr std::size_t kJsonBytesPerByte = 24;

// Takes each object that is an element of an array under the key Key() as soon as the parse has
// read it whole, and leaves a small stand-in (a JSON binary, which no JSON text holds) in its
// place: a file whose bulk is many such objects (a grid's block traces) is then never one whole
// tree (issue #38: a 132 MB radix sort took 1.85 GB to check). What Take keeps is counted against
// the limits' budget instead of the element's tree.
class JsonElementTaker {
 public:
  virtual ~JsonElementTaker() = default;
  virtual std::string_view Key() const = 0;
  // Replaces *element (an object) with its stand-in; returns the bytes of what it keeps.
  virtual std::size_t Take(nlohmann::json* element) = 0;
};

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
  JsonElementTaker* taker = nullptr;  // none: every element stays in the tree
  // The most elements an array under `key` may hold ("" for an array in an array, or the top);
  // more is refused as the parse meets it, before its tree is built. Null: no bound but the budget.
  std::size_t (*max_elements)(std::string_view key) = nullptr;
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
