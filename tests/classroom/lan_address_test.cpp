#include "classroom/lan_address.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>

namespace scanviz::classroom {
namespace {

bool IsIpv4(const std::string& text) {
  in_addr addr{};
  return inet_pton(AF_INET, text.c_str(), &addr) == 1;
}

TEST(LanAddress, IsAnIpv4AddressStudentsCanReach) {
  const std::string lan = LanAddress();
  EXPECT_TRUE(IsIpv4(lan)) << lan;
  EXPECT_NE(lan, "0.0.0.0");
  // Loopback only as the fallback for a machine with no network.
  if (lan.rfind("127.", 0) == 0) {
    EXPECT_EQ(lan, "127.0.0.1");
  }
}

TEST(LanAddress, PrintedHostIsTheBoundAddressUnlessItIsEveryInterface) {
  EXPECT_EQ(PrintedHost("127.0.0.1"), "127.0.0.1");
  EXPECT_EQ(PrintedHost("192.168.4.2"), "192.168.4.2");
  EXPECT_EQ(PrintedHost("0.0.0.0"), LanAddress());
}

}  // namespace
}  // namespace scanviz::classroom
