// TraceSlot's teaching data (trace_slot.h): the kernel and pseudo-code listings, the step of each
// round, the narration, the work per round and the numerics diagnostics.
#include "state/trace_slot.h"

#include <map>

#include "teach/kernel_source.h"
#include "teach/pseudo_code.h"

namespace scanviz {

void FillTeach(TraceSlot& slot) {
  TeachSlot& t = slot.teach;
  const Algorithm a = slot.trace.meta.algorithm;
  t.kernel = teach::KernelListing(a);
  t.pseudo = teach::PseudoCodeListing(a, slot.trace.meta.op);
  t.steps.clear();
  std::map<PhaseId, size_t> phase_step;  // a phase's rounds all run its step
  for (const Round& r : slot.trace.rounds) {
    auto [it, inserted] = phase_step.try_emplace(r.spec.phase, t.steps.size());
    t.steps.push_back(inserted ? teach::StepListing(t.kernel, a, r.spec) : t.steps[it->second]);
  }
  t.narration = teach::NarrateTrace(slot.trace, slot.analysis);
  t.round_work = teach::RoundWorkSeries(slot.trace, slot.analysis);
  t.float_diag = teach::DiagnoseFloat(slot.trace);
  t.int_diag = teach::DiagnoseInt(slot.trace, slot.analysis);
}

}  // namespace scanviz
