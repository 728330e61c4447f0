// The narration audit's verdict in a test (issue #37): the false claims as test failures, a
// count of the claims checked by family, and that each family a test expects was met.
#pragma once

#include <initializer_list>

#include "audit/claims.h"

namespace scanviz::audit {

// Fails the running test for each false claim (the first three of each family: one family's many
// would hide the others; SCANVIZ_AUDIT_ALL=1 prints every one's first line), prints the counts,
// and fails where a family in `families` checked 100 claims or fewer (a pattern that stops
// matching its sentence would pass by checking nothing).
void ReportAudit(const Audit& audit, std::initializer_list<const char*> families = {});

}  // namespace scanviz::audit
