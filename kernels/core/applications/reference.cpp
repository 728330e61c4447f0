// The applications computed sequentially, written apart from their steps (no flags, no scan): each
// entry's own (core/applications/<name>.cpp), what CheckApplication holds a trace's result against.
#include "core/applications/applications.h"

namespace scanviz {

std::vector<double> SequentialApplicationResult(const ApplicationRequest& request) {
  return Info(request.application).sequential(request);
}

}  // namespace scanviz
