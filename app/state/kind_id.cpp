#include "state/kind_id.h"

#include <string>

namespace scanviz {

namespace {
struct KindName {
  const char* key;
  const char* name;
};
#define SCANVIZ_KIND_NAME(id, name, key, display) {key, display},
constexpr KindName kNames[kKindCount] = {SCANVIZ_FOR_EACH_KIND(SCANVIZ_KIND_NAME)};
#undef SCANVIZ_KIND_NAME
}  // namespace

const char* ToString(KindId k) {
  return kNames[static_cast<int>(k)].key;
}
const char* DisplayName(KindId k) {
  return kNames[static_cast<int>(k)].name;
}

std::optional<KindId> ParseKind(std::string_view key) {
  for (KindId k : kAllKinds)
    if (key == ToString(k)) return k;
  return std::nullopt;
}

const char* KindKeys() {
  static const std::string keys = [] {  // constant text, made once from the list
    std::string out;
    for (KindId k : kAllKinds) {
      if (!out.empty()) out += k == kAllKinds.back() ? " or " : ", ";
      out += ToString(k);
    }
    return out;
  }();
  return keys.c_str();
}

}  // namespace scanviz
