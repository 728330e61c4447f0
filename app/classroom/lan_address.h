// The address students type or scan: the machine's first non-loopback IPv4 address on an
// interface that is up (getifaddrs), "127.0.0.1" when there is none (no network: the class is
// this machine). Not the hostname: a phone on the classroom Wi-Fi rarely resolves it.
#pragma once

#include <string>

namespace scanviz::classroom {

std::string LanAddress();

// The host to print for a server bound to `bind`: LanAddress() for 0.0.0.0, else `bind`.
std::string PrintedHost(const std::string& bind);

}  // namespace scanviz::classroom
