#include "teach/pseudo_code.h"

namespace scanviz::teach {
namespace {

struct Row {
  const char* text;  // "%C" becomes CombineText(op, left, right)
  const char* tag;   // "" for untagged lines
  const char* left;
  const char* right;
};

// Each thread is "i" (Hillis-Steele: one per element; Blelloch: one per tree node it owns).
constexpr Row kHillisSteele[] = {
    {"thread i:", "", "", ""},
    {"  A[i] = input[i]                        # stage in shared memory", "load", "", ""},
    {"  wait for all threads", "barrier", "", ""},
    {"  for stride = 1, 2, 4, ... while stride < n:", "loop", "", ""},
    {"    read from one buffer, write the other  # roles swap each round", "swap", "", ""},
    {"    if i >= stride: out[i] = %C", "step", "in[i - stride]", "in[i]"},
    {"    else:           out[i] = in[i]       # nothing to the left", "step", "", ""},
    {"    wait for all threads", "barrier", "", ""},
    {"  if converting to exclusive:", "", "", ""},
    {"    read from one buffer, write the other", "swap", "", ""},
    {"    out[i] = in[i - 1], or the identity if i == 0", "convert", "", ""},
    {"    wait for all threads", "barrier", "", ""},
    {"  output[i] = out[i]", "store", "", ""},
};

constexpr Row kBlelloch[] = {
    {"thread t (n' = n rounded up to a power of two):", "", "", ""},
    {"  B[t] = input[t], or the identity if t >= n", "load", "", ""},
    {"  wait for all threads", "barrier", "", ""},
    {"  for stride = 1, 2, ..., n'/2:            # up-sweep", "up-loop", "", ""},
    {"    k = (t + 1) * 2 * stride - 1", "up-step", "", ""},
    {"    if k < n': B[k] = %C", "up-step", "B[k - stride]", "B[k]"},
    {"    wait for all threads", "barrier", "", ""},
    {"  if t == 0: B[n' - 1] = identity         # seed the root", "seed", "", ""},
    {"  wait for all threads", "barrier", "", ""},
    {"  for stride = n'/2, ..., 2, 1:            # down-sweep", "down-loop", "", ""},
    {"    k = (t + 1) * 2 * stride - 1", "down-step", "", ""},
    {"    if k < n': old = B[k - stride]", "down-step", "", ""},
    {"               B[k - stride] = B[k]", "down-step", "", ""},
    {"               B[k] = %C", "down-step", "B[k]", "old"},
    {"    wait for all threads", "barrier", "", ""},
    {"  if converting to inclusive:", "", "", ""},
    {"    if t < n: B[t] = %C", "convert", "B[t]", "input[t]"},
    {"    wait for all threads", "barrier", "", ""},
    {"  if t < n: output[t] = B[t]", "store", "", ""},
};

template <size_t N>
CodeListing Build(const Row (&rows)[N], OpKind op, std::string title) {
  CodeListing listing;
  listing.title = std::move(title);
  for (const Row& row : rows) {
    CodeLine line;
    line.text = row.text;
    const size_t at = line.text.find("%C");
    if (at != std::string::npos) line.text.replace(at, 2, CombineText(op, row.left, row.right));
    if (row.tag[0] != '\0') line.tags.emplace_back(row.tag);
    listing.lines.push_back(std::move(line));
  }
  return listing;
}

}  // namespace

std::string CombineText(OpKind op, const std::string& a, const std::string& b) {
  switch (op) {
    case OpKind::kMax:
      return "max(" + a + ", " + b + ")";
    case OpKind::kMin:
      return "min(" + a + ", " + b + ")";
    case OpKind::kLast:
      return "last(" + a + ", " + b + ")";
    case OpKind::kAdd:
      break;
  }
  return a + " + " + b;
}

CodeListing PseudoCodeListing(Algorithm algorithm, OpKind op) {
  const std::string title = std::string("Pseudo-code (") + DisplayName(algorithm) + ")";
  return algorithm == Algorithm::kHillisSteele ? Build(kHillisSteele, op, title)
                                               : Build(kBlelloch, op, title);
}

}  // namespace scanviz::teach
