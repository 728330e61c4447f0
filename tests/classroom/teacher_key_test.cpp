#include "classroom/teacher_key.h"

#include <gtest/gtest.h>

#include <set>

namespace scanviz::classroom {
namespace {

TEST(TeacherKey, Is32HexDigitsAndNeverRepeats) {
  std::set<std::string> keys;
  for (int i = 0; i < 100; ++i) {
    const std::string key = NewTeacherKey();
    ASSERT_EQ(key.size(), 32u);
    EXPECT_EQ(key.find_first_not_of("0123456789abcdef"), std::string::npos) << key;
    EXPECT_TRUE(IsUsableKey(key));
    keys.insert(key);
  }
  EXPECT_EQ(keys.size(), 100u);
}

TEST(TeacherKey, MatchesOnlyTheSameKey) {
  const std::string key = "0123456789abcdef0123456789abcdef";
  EXPECT_TRUE(KeyMatches(key, key));
  EXPECT_FALSE(KeyMatches("", key));
  EXPECT_FALSE(KeyMatches(key.substr(0, 31), key));  // a prefix
  EXPECT_FALSE(KeyMatches(key + "0", key));          // one more
  std::string first = key;
  first[0] = '1';
  EXPECT_FALSE(KeyMatches(first, key));                    // the first byte
  EXPECT_FALSE(KeyMatches(key.substr(0, 31) + "e", key));  // the last byte
  EXPECT_FALSE(KeyMatches(std::string(32, '\0'), key));
  EXPECT_FALSE(KeyMatches(key + std::string(1, '\0'), key));  // longer by a NUL
  EXPECT_FALSE(KeyMatches("", ""));                           // no key: nothing matches
}

TEST(TeacherKey, UsableKeysStandInAUrlAndAHeader) {
  EXPECT_TRUE(IsUsableKey("classroom-7_B"));
  EXPECT_FALSE(IsUsableKey("short"));
  EXPECT_FALSE(IsUsableKey("has space in it"));
  EXPECT_FALSE(IsUsableKey("amp&ersand1"));
  EXPECT_FALSE(IsUsableKey("line\nbreak12"));
  EXPECT_FALSE(IsUsableKey(std::string(129, 'a')));
}

}  // namespace
}  // namespace scanviz::classroom
