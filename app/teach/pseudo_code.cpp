#include "teach/pseudo_code.h"

#include "core/registry.h"
#include "teach/teach_registry.h"

namespace scanviz::teach {

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
  CodeListing listing;
  listing.title = std::string("Pseudo-code (") + DisplayName(algorithm) + ")";
  for (const PseudoRow& row : Teach(algorithm).pseudo) {
    CodeLine line;
    line.text = row.text;
    const size_t at = line.text.find("%C");
    if (at != std::string::npos) line.text.replace(at, 2, CombineText(op, row.left, row.right));
    if (row.tag[0] != '\0') line.tags.emplace_back(row.tag);
    listing.lines.push_back(std::move(line));
  }
  return listing;
}

}  // namespace scanviz::teach
