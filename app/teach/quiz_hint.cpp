// A class question's hint (why the cell was written the way it was) and the hints' line breaks.
#include <string_view>

#include "quiz.h"

namespace scanviz::teach {

namespace {

// What a thread read, as the figure names it: "x3" for the input, "buf[0][5]" for an array.
std::string ReadName(const Trace& trace, int array, int pos) {
  if (array == kInputArray) {
    std::string name = "x";  // appended, not "x" + ...: GCC 12's false -Wrestrict (PR 105651)
    name += std::to_string(pos);
    return name;
  }
  if (array < 0 || array >= static_cast<int>(trace.arrays.size())) return "a reserved word";
  return CellName(trace, {array, pos});
}

}  // namespace

std::string ClassReason(const BuiltExercise& b, int round, const QuizCell& c) {
  const Trace& trace = b.trace;
  const Round& r = trace.rounds[static_cast<size_t>(round)];
  const CellInfo& info = b.analysis.rounds[static_cast<size_t>(round)]
                             .cells[static_cast<size_t>(c.array)][static_cast<size_t>(c.pos)];
  const std::string cell = CellName(trace, c) + " is " + ToString(info.cls);
  if (info.writer < 0 || info.writer >= static_cast<int>(r.actions.size())) return cell;
  const ThreadAction& a = r.actions[static_cast<size_t>(info.writer)];
  const std::string thread = "thread " + std::to_string(info.writer);
  const std::string read0 = ReadName(trace, a.read_array[0], a.read[0]);
  const std::string read1 = ReadName(trace, a.read_array[1], a.read[1]);
  const int s = r.spec.stride;
  switch (info.cls) {
    case CellClass::kLoaded:
      return cell + ": " + thread + " copies its input " + read0 +
             " from global memory into the block's memory";
    case CellClass::kCopied:
      // Hillis-Steele's first threads have no partner s to their left; a warp's total is moved.
      if (s > 0 && c.pos < s)
        return cell + ": " + thread + " has no cell " + std::to_string(s) + " to its left (" +
               std::to_string(c.pos) + " < stride " + std::to_string(s) +
               "), so it combines nothing and copies " + read0 + " unchanged";
      return cell + ": " + thread + " moves " + read0 + " unchanged, combining nothing";
    case CellClass::kComputed:
      return cell + ": " + thread + " combines " + read0 + " and " + read1 + " into a new value";
    case CellClass::kAdded:
      return cell + ": in the up-sweep " + thread + " combines " + read0 + " into " + read1 +
             ", the right end of its pair at stride " + std::to_string(s);
    case CellClass::kSeeded:
      return cell + ": " + thread +
             " writes the identity there (the root before the down-sweep, or an exclusive "
             "result's first cell)";
    case CellClass::kSwapAdded:
      return cell + ": in the down-sweep " + thread + " swaps the pair " + read0 + ", " + read1 +
             " at stride " + std::to_string(s) +
             " and adds: the left end gets the right's old value, the right end the sum";
    default:
      return cell + ": written by " + thread;
  }
}

std::vector<std::string> WrapHint(const std::string& text, float width,
                                  const std::function<float(const std::string&)>& measure) {
  // The pieces between the spaces a line may break at: not inside brackets or parentheses, not
  // next to a '+' or before a '[' (so "x1 + x2 [1..2]" and "max(x0, x1)" stay whole).
  std::vector<std::string> pieces;
  std::string piece;
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '(' || ch == '[') ++depth;
    if ((ch == ')' || ch == ']') && depth > 0) --depth;
    const char before = i > 0 ? text[i - 1] : ' ';
    const char after = i + 1 < text.size() ? text[i + 1] : ' ';
    const bool breaks = ch == ' ' && depth == 0 && before != '+' && after != '+' && after != '[';
    if (breaks) {
      pieces.push_back(std::move(piece));
      piece.clear();
    } else {
      piece += ch;
    }
  }
  pieces.push_back(std::move(piece));
  std::vector<std::string> lines;
  for (std::string& p : pieces) {
    if (!lines.empty() && measure(lines.back() + " " + p) <= width) {
      lines.back() += " " + p;
    } else {
      lines.push_back(std::move(p));  // a piece wider than the line alone stays whole
    }
  }
  return lines;
}

}  // namespace scanviz::teach
