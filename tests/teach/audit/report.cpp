#include "audit/report.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

namespace scanviz::audit {

void ReportAudit(const Audit& audit, std::initializer_list<const char*> families) {
  std::map<std::string, int> shown;
  for (const std::string& f : audit.false_claims) {
    if (shown[f.substr(0, f.find(':'))]++ < 3) ADD_FAILURE() << f;
    if (std::getenv("SCANVIZ_AUDIT_ALL") != nullptr)
      std::printf("%s\n", f.substr(0, f.find('\n')).c_str());
  }
  EXPECT_EQ(audit.false_claims.size(), 0u) << "false claims in " << audit.texts << " texts";
  std::string counts;
  for (const auto& [family, k] : audit.checked) {
    counts += ' ';
    counts += family + " " + std::to_string(k) + ";";
  }
  std::printf("%lld texts, claims checked by family:%s\n", audit.texts, counts.c_str());
  for (const char* family : families) {
    const auto at = audit.checked.find(family);
    EXPECT_GT(at == audit.checked.end() ? 0 : at->second, 100) << family;
  }
}

}  // namespace scanviz::audit
