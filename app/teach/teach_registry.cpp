#include "teach/teach_registry.h"

#include <iterator>

namespace scanviz::teach {

#define SCANVIZ_TEACH_ENTRY(id, ns, key) extern const TeachInfo k_##ns##_teach;
SCANVIZ_FOR_EACH_ALGORITHM(SCANVIZ_TEACH_ENTRY)
#undef SCANVIZ_TEACH_ENTRY

namespace {
#define SCANVIZ_TEACH_POINTER(id, ns, key) &k_##ns##_teach,
const TeachInfo* const kAll[] = {SCANVIZ_FOR_EACH_ALGORITHM(SCANVIZ_TEACH_POINTER)};
#undef SCANVIZ_TEACH_POINTER
}  // namespace

const TeachInfo& Teach(Algorithm a) {
  const auto i = static_cast<size_t>(a);
  return *kAll[i < std::size(kAll) ? i : 0];
}

std::vector<Algorithm> Corners() {
  std::vector<Algorithm> out;
  for (const TeachInfo* t : kAll)
    if (t->corner != nullptr) out.push_back(t->id);
  return out;
}

}  // namespace scanviz::teach
