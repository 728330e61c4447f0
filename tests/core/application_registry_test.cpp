// The application registries (issue #35): one entry per application in each layer, in
// SCANVIZ_FOR_EACH_APPLICATION's order, every behaviour set, so that the code that asks an entry
// never needs to ask which application it is.
#include <gtest/gtest.h>

#include "cli/applications/table_entry.h"
#include "core/applications/applications.h"

namespace scanviz {
namespace {

#define SCANVIZ_APPLICATION_COUNT(id, ns) +1  // NOLINT(bugprone-macro-parentheses): a term of a sum
constexpr size_t kListed = 0 SCANVIZ_FOR_EACH_APPLICATION(SCANVIZ_APPLICATION_COUNT);
#undef SCANVIZ_APPLICATION_COUNT

TEST(ApplicationRegistry, OneEntryPerApplicationInItsPlace) {
  const auto all = Applications();
  ASSERT_EQ(all.size(), kListed);
  for (size_t i = 0; i < all.size(); ++i) {
    const auto id = static_cast<ApplicationKind>(i);
    EXPECT_EQ(all[i].id, id) << all[i].key;
    EXPECT_EQ(&Info(id), &all[i]) << all[i].key;
    EXPECT_STREQ(ToString(id), all[i].key);
  }
}

TEST(ApplicationRegistry, EveryCoreEntryHasItsBehaviour) {
  for (const ApplicationInfo& a : Applications()) {
    SCOPED_TRACE(a.key);
    for (const char* text : {a.key, a.name, a.summary, a.parameters, a.types, a.flags_name,
                             a.scan_name, a.output_name, a.invariant, a.scatter_name}) {
      ASSERT_NE(text, nullptr);
      EXPECT_GT(std::string(text).size(), 0u);
    }
    EXPECT_TRUE(a.parameter && a.pass_count && a.pass_bit && a.validate && a.sequential &&
                a.write_meta && a.read_meta);
    ASSERT_NE(a.rule, nullptr);
    EXPECT_TRUE(a.rule->output_size && a.rule->max_total && a.rule->destination && a.rule->flag &&
                a.rule->check_scatter);
  }
}

TEST(ApplicationRegistry, EveryCliEntryHasItsBehaviour) {
  for (const ApplicationInfo& a : Applications()) {
    SCOPED_TRACE(a.key);
    const CliApplication& c = CliOf(a.id);
    EXPECT_TRUE(c.set_params && c.flag_step && c.scatter_step && c.result && c.scan_label);
    // The keys come before the passes exactly when the passes sort keys (a radix sort's).
    EXPECT_EQ(c.keys != nullptr, a.keyed);
    EXPECT_EQ(c.pass_header != nullptr, a.keyed);
  }
}

}  // namespace
}  // namespace scanviz
