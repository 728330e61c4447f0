#include "core/json_read.h"

#include <algorithm>
#include <new>

#include "core/file_io.h"
#include "core/quote.h"

namespace scanviz {
namespace {

using json = nlohmann::json;

// What the tree takes, as glibc's malloc gives it on a 64-bit machine: a value in an array (16
// bytes, and the vector's spare capacity), an object's map, an array's vector, an object's member
// (a map node holding its key and its value), a string (its own allocation, and a buffer of its
// own past 15 bytes).
constexpr std::size_t kArraySlotBytes = 32;
constexpr std::size_t kObjectBytes = 64;
constexpr std::size_t kArrayBytes = 32;
constexpr std::size_t kMemberBytes = 96;
constexpr std::size_t kStringBytes = 48;

std::size_t HeapStringBytes(std::size_t length) {
  return length > 15 ? length + 17 : 0;
}

std::string Megabytes(std::size_t bytes) {
  return std::to_string((bytes + 999999) / 1000000) + " MB";
}

// Thrown by the reader to stop the parse: the file's shape is refused.
struct Refused {
  std::string what;
};

// A SAX handler (json::sax_parse) that builds the tree as nlohmann's own parser does, but only of
// what the format knows and within the budget. (nlohmann's parser callback would do the filtering
// too, but after each object it scans the whole array holding it: a million `{}` take hours.)
class BoundedReader {
 public:
  BoundedReader(const JsonLimits& limits, std::size_t text_bytes)
      : m_limits(limits),
        m_text_bytes(text_bytes),
        m_budget(limits.bytes_per_byte * text_bytes + limits.base_bytes) {}

  ~BoundedReader() { ReleaseJson(m_root); }
  BoundedReader(const BoundedReader&) = delete;
  BoundedReader& operator=(const BoundedReader&) = delete;

  json Take() { return std::move(m_root); }
  const std::string& Unknown() const { return m_unknown; }

  bool null() { return Scalar(json(nullptr)); }
  bool boolean(bool v) { return Scalar(json(v)); }
  bool number_integer(json::number_integer_t v) { return Scalar(json(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return Scalar(json(v)); }
  bool number_float(json::number_float_t v, const std::string& /*text*/) { return Scalar(json(v)); }
  bool binary(json::binary_t& /*v*/) { return true; }  // never in JSON text
  bool string(std::string& v) {
    if (m_dropping > 0) return true;
    if (m_pending == Pending::kUnknown && v.size() > kMaxUnknownStringBytes)
      NoteUnknown("a string of " + std::to_string(v.size()) + " bytes");
    if (m_pending == Pending::kKept) Spend(kStringBytes + HeapStringBytes(v.size()));
    return Scalar(json(std::move(v)));
  }
  bool start_object(std::size_t /*elements*/) { return Start(json::value_t::object); }
  bool start_array(std::size_t /*elements*/) { return Start(json::value_t::array); }
  bool end_object() { return End(); }
  bool end_array() { return End(); }
  bool key(std::string& k);

  template <class Exception>
  bool parse_error(std::size_t /*position*/, const std::string& /*token*/, const Exception& e) {
    throw e;  // json::parse_error, or json::out_of_range for a number past a double
  }

 private:
  // What becomes of the value after the last key read: kept, or dropped (an unknown key's short
  // scalar; an ignored key's anything).
  enum class Pending { kKept, kUnknown, kIgnored };
  struct Frame {
    json* value;
    std::size_t index = 0;  // an array's: the elements so far
    std::string key;  // an object's: the last key read; an array's: the key it is under (messages)
    std::size_t spent_before = 0;  // the budget spent before this value began
    std::size_t max_elements = 0;  // an array's bound (JsonLimits::max_elements)
  };

  bool Scalar(json&& v);
  bool Start(json::value_t type);
  bool End();
  bool TakenHere() const;
  json* Place(json&& v);
  void Spend(std::size_t bytes);
  void NoteUnknown(const std::string& what);

  const JsonLimits& m_limits;
  std::size_t m_text_bytes;
  std::size_t m_budget;
  std::size_t m_spent = 0;
  json m_root;
  std::vector<Frame> m_frames;  // the open arrays and objects, outermost first
  json* m_member = nullptr;     // where the value of the last key kept goes
  Pending m_pending = Pending::kKept;
  int m_dropping = 0;     // inside a dropped array or object: how deep
  std::string m_unknown;  // the first unknown key that held bulk
};

bool BoundedReader::key(std::string& k) {
  if (m_dropping > 0) return true;
  m_frames.back().key = k.substr(0, 40);
  m_pending = Pending::kKept;
  if (m_limits.ignored != nullptr && m_limits.ignored->Contains(k)) {
    m_pending = Pending::kIgnored;
  } else if (m_limits.known != nullptr && !m_limits.known->Contains(k)) {
    m_pending = Pending::kUnknown;
  } else {
    Spend(kMemberBytes + HeapStringBytes(k.size()));
    m_member = &(*m_frames.back().value)[k];
  }
  return true;
}

bool BoundedReader::Scalar(json&& v) {
  if (m_dropping > 0) return true;
  if (m_pending != Pending::kKept) {
    m_pending = Pending::kKept;  // dropped
    return true;
  }
  Place(std::move(v));
  return true;
}

bool BoundedReader::Start(json::value_t type) {
  if (m_dropping > 0) {
    ++m_dropping;
    return true;
  }
  if (m_pending == Pending::kUnknown)
    NoteUnknown(type == json::value_t::array ? "an array" : "an object");
  if (m_pending != Pending::kKept) {
    m_pending = Pending::kKept;
    m_dropping = 1;
    return true;
  }
  const std::size_t before = m_spent;
  Spend(type == json::value_t::array ? kArrayBytes : kObjectBytes);
  // An array's frame keeps the key it is under, for its bound and its message.
  const bool in_object = !m_frames.empty() && m_frames.back().value->is_object();
  std::string under = in_object ? m_frames.back().key : "";
  std::size_t max_elements = SIZE_MAX;
  if (type == json::value_t::array && m_limits.max_elements != nullptr)
    max_elements = m_limits.max_elements(under);
  if (type == json::value_t::object) under.clear();
  m_frames.push_back(Frame{Place(json(type)), 0, std::move(under), before, max_elements});
  return true;
}

// Whether the object just closed (the last frame) is an element of an array under the taker's
// key.
bool BoundedReader::TakenHere() const {
  const std::size_t n = m_frames.size();
  return m_limits.taker != nullptr && n >= 3 && m_frames[n - 1].value->is_object() &&
         m_frames[n - 2].value->is_array() && m_frames[n - 3].value->is_object() &&
         m_frames[n - 3].key == m_limits.taker->Key();
}

bool BoundedReader::End() {
  if (m_dropping > 0) {
    --m_dropping;
    return true;
  }
  if (TakenHere()) {
    const std::size_t before = m_frames.back().spent_before;
    const std::size_t kept = m_limits.taker->Take(m_frames.back().value);
    m_spent = before;  // its tree is gone; its slot and what the taker keeps stay
    Spend(kArraySlotBytes + kept);
  }
  m_frames.pop_back();
  return true;
}

// Puts a value where the parse is: the root, the next element of an array, the last key's value.
json* BoundedReader::Place(json&& v) {
  if (m_frames.empty()) {
    m_root = std::move(v);
    return &m_root;
  }
  Frame& f = m_frames.back();
  if (f.value->is_object()) {
    *m_member = std::move(v);
    return m_member;
  }
  if (++f.index > f.max_elements) {
    throw Refused{(f.key.empty() ? std::string("an array") : "\"" + f.key + "\"") +
                  " holds more than " + std::to_string(f.max_elements) + " elements"};
  }
  Spend(kArraySlotBytes);
  f.value->get_ref<json::array_t&>().push_back(std::move(v));
  return &f.value->get_ref<json::array_t&>().back();
}

void BoundedReader::Spend(std::size_t bytes) {
  m_spent += bytes;
  if (m_spent > m_budget)
    throw Refused{"too many values for a file of " + Megabytes(m_text_bytes) +
                  " (their tree would take more than " + Megabytes(m_budget) + ")"};
}

// Names the unknown key (the last one read) and the object that holds it (rounds[3].meta).
void BoundedReader::NoteUnknown(const std::string& what) {
  if (!m_unknown.empty()) return;
  std::string where;
  for (std::size_t i = 0; i + 1 < m_frames.size(); ++i) {
    const Frame& f = m_frames[i];
    if (f.value->is_array()) {
      where += '[';
      where += std::to_string(f.index - 1);
      where += ']';
    } else {
      if (!where.empty()) where += '.';
      where += f.key;
    }
  }
  // Appended: GCC 12 misreports "..." + std::string&& as an overlap (-Wrestrict).
  std::string out = "unknown key ";
  out += QuoteForMessage(m_frames.back().key);
  if (!where.empty()) out += " in " + where;
  out += " holds " + what + " (not part of the format)";
  m_unknown = std::move(out);
}

// nlohmann's parse error, which ends with the token it read as the file held it ("last read:
// '<bytes>'"): that token quoted as every text from a file is, since it can hold anything up to a
// whole string (a megabyte, C1 controls, bytes that are not UTF-8).
std::string ParseErrorLine(const std::string& what) {
  constexpr std::string_view kLastRead = "; last read: '";
  const std::size_t at = what.find(kLastRead);
  if (at == std::string::npos) return what;
  std::string token = what.substr(at + kLastRead.size());
  if (!token.empty() && token.back() == '\'') token.pop_back();
  return what.substr(0, at) + "; last read: " + QuoteForMessage(token);
}

JsonRead Failed(JsonRead::Problem problem, std::string error) {
  JsonRead out;
  out.problem = problem;
  out.error = std::move(error);
  return out;
}

}  // namespace

JsonKeys::JsonKeys(std::initializer_list<std::string_view> keys) {
  for (std::string_view k : keys) m_keys.emplace_back(k);
  std::sort(m_keys.begin(), m_keys.end());
}

JsonKeys::JsonKeys(std::initializer_list<const JsonKeys*> parts) {
  for (const JsonKeys* p : parts) m_keys.insert(m_keys.end(), p->m_keys.begin(), p->m_keys.end());
  std::sort(m_keys.begin(), m_keys.end());
}

bool JsonKeys::Contains(std::string_view key) const {
  return std::binary_search(m_keys.begin(), m_keys.end(), key, std::less<>());
}

void ReleaseJson(json& j) noexcept {
  // get_ptr, not get_ref: it cannot throw (bugprone-exception-escape).
  if (auto* elements = j.get_ptr<json::array_t*>()) {
    while (!elements->empty()) {
      ReleaseJson(elements->back());
      elements->pop_back();
    }
  } else if (auto* members = j.get_ptr<json::object_t*>()) {
    while (!members->empty()) {
      ReleaseJson(members->begin()->second);
      members->erase(members->begin());
    }
  }
}

std::string NoMemoryError(std::size_t bytes) {
  return "not enough memory to read it (" + Megabytes(bytes) + ")";
}

JsonRead ReadJson(std::string_view text, const JsonLimits& limits) {
  using Problem = JsonRead::Problem;
  if (std::string nesting = CheckJsonNesting(text, limits.max_depth); !nesting.empty())
    return Failed(Problem::kShape, nesting);
  try {
    BoundedReader reader(limits, text.size());
    json::sax_parse(text.begin(), text.end(), &reader);
    JsonRead out;
    out.value = reader.Take();
    out.unknown = reader.Unknown();
    return out;
  } catch (const Refused& r) {
    return Failed(Problem::kShape, r.what);
  } catch (const json::parse_error& e) {
    return Failed(Problem::kSyntax, ParseErrorLine(e.what()));
  } catch (const json::exception& e) {  // a number too large for a double (1e400), ...
    return Failed(Problem::kRange, e.what());
  } catch (const std::bad_alloc&) {
    return Failed(Problem::kMemory, NoMemoryError(text.size()));
  }
}

}  // namespace scanviz
