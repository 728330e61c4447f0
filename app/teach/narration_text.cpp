#include "teach/narration_text.h"

#include "teach/pseudo_code.h"

namespace scanviz::teach::text {

std::string Range(const char* noun, int lo, int hi) {
  const std::string one = noun;
  if (hi < lo) return "no " + one;
  if (lo == hi) return one + " " + std::to_string(lo);
  const std::string many = one + "s ";
  if (hi == lo + 1) return many + std::to_string(lo) + " and " + std::to_string(hi);
  return many + std::to_string(lo) + " to " + std::to_string(hi);
}

std::string List(const char* noun, const std::vector<int>& items) {
  const std::string one = noun;
  if (items.empty()) return "no " + one;
  if (items.size() == 1) return one + " " + std::to_string(items[0]);
  std::string out = one + "s ";
  constexpr size_t kShownInFull = 6;
  if (items.size() <= kShownInFull) {
    for (size_t i = 0; i + 1 < items.size(); ++i) {
      out += std::to_string(items[i]);
      out += i + 2 < items.size() ? ", " : " and ";
    }
    return out + std::to_string(items.back());
  }
  for (size_t i = 0; i < 3; ++i) out += std::to_string(items[i]) + ", ";
  return out + "..., " + std::to_string(items.back()) + " (" + std::to_string(items.size()) +
         " in all)";
}

std::vector<std::pair<int, int>> ConsecutiveRuns(const std::vector<int>& items) {
  std::vector<std::pair<int, int>> runs;
  for (int i : items) {
    if (!runs.empty() && runs.back().second == i - 1) {
      runs.back().second = i;
    } else {
      runs.push_back({i, i});
    }
  }
  return runs;
}

std::string Runs(const char* noun, const std::vector<int>& items) {
  const std::vector<std::pair<int, int>> runs = ConsecutiveRuns(items);
  if (runs.size() <= 1)
    return runs.empty() ? "no " + std::string(noun) : Range(noun, runs[0].first, runs[0].second);
  auto run = [](std::pair<int, int> r) {
    if (r.first == r.second) return std::to_string(r.first);
    return std::to_string(r.first) + (r.second == r.first + 1 ? ", " : " to ") +
           std::to_string(r.second);
  };
  std::string out = std::string(noun) + "s ";
  constexpr size_t kShownInFull = 4;
  if (runs.size() <= kShownInFull) {
    for (size_t i = 0; i + 1 < runs.size(); ++i)
      out += run(runs[i]) + (i + 2 < runs.size() ? ", " : " and ");
    return out + run(runs.back());
  }
  return out + run(runs[0]) + ", " + run(runs[1]) + ", ..., " + run(runs.back()) + " (" +
         std::to_string(items.size()) + " in all)";
}

std::string Places(int count) {
  return std::to_string(count) + (count == 1 ? " place" : " places");
}

std::string Count(int count, const char* noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string StrideRoundTitle(const RoundSpec& spec, int round, PhaseId load, PhaseId scan,
                             PhaseId convert) {
  if (spec.phase == load) return "Round 0: load";
  if (spec.phase == scan)
    return "Round " + std::to_string(round) + ", stride " + std::to_string(spec.stride);
  if (spec.phase == convert) return "Conversion";
  return "Round " + std::to_string(round);
}

std::string Capital(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

std::string Values(ElementType type, const std::vector<double>& values, size_t from, size_t count) {
  const size_t end = count > values.size() - from ? values.size() : from + count;
  const size_t size = end - from;
  constexpr size_t kShownInFull = 16;
  constexpr size_t kHead = 6, kTail = 2;
  std::string out = "[";
  for (size_t i = from; i < end; ++i) {
    if (size > kShownInFull && i == from + kHead) {
      out += "..., ";
      i = end - kTail;
    }
    out += FormatValue(type, values[i]);
    if (i + 1 < end) out += ", ";
  }
  out += "]";
  if (size > kShownInFull) out += " (" + std::to_string(size) + " values)";
  return out;
}

std::string Value(const TraceMeta& meta, double v) {
  return FormatValue(meta.type, v);
}

std::string Combination(const TraceMeta& meta, double a, double b, double result) {
  return CombineText(meta.op, Value(meta, a), Value(meta, b)) + " = " + Value(meta, result);
}

const char* Aggregate(OpKind op) {
  switch (op) {
    case OpKind::kMax:
      return "maximum";
    case OpKind::kMin:
      return "minimum";
    case OpKind::kLast:
      return "last non-zero value";
    case OpKind::kAdd:
      break;
  }
  return "sum";
}

std::string Identity(const TraceMeta& meta) {
  return Value(meta, meta.identity);
}

std::string Window(const TraceMeta& meta, const scanviz::Window& w) {
  if (!w.valid) return "nothing yet";
  if (w.Empty()) return "no input at all (the identity " + Identity(meta) + ")";
  std::string out = w.lo == w.hi ? "input " + std::to_string(w.lo)
                                 : "inputs " + std::to_string(w.lo) + " to " + std::to_string(w.hi);
  if (w.hi >= meta.n) {
    const int first_pad = w.lo > meta.n ? w.lo : meta.n;
    out += " (" + Range("position", first_pad, w.hi) + (first_pad == w.hi ? " is" : " are") +
           " padding)";
  }
  return out;
}

}  // namespace scanviz::teach::text
