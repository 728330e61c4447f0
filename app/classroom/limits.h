// The classroom server's limits (docs/classroom.md, "Hardening"): what one request, one connection
// and one follower may take, so that a hostile or broken client on the shared network cannot
// starve the class. One place, read by the server and its tests.
#pragma once

#include <chrono>
#include <cstddef>

namespace scanviz::classroom {

// A publish's body: a share fragment is at most 64 KiB (link::kMaxLinkChars); 1 MiB leaves room
// and still bounds what one request may make the server hold.
inline constexpr std::size_t kMaxPublishBytes = 1024 * 1024;
// The request line and headers together; past this the connection is closed unanswered.
inline constexpr std::size_t kMaxRequestHeadBytes = 64 * 1024;
// Connections held at once (followers, page loads, idle ones); past this a new one is closed at
// once. A class is 30 to 60 followers; 1,000 idle sockets must not shut it out.
inline constexpr std::size_t kMaxConnections = 4096;
// Threads serving requests; an event stream holds one for as long as its follower stays.
inline constexpr std::size_t kWorkerThreads = 256;
// Followers at once, so that event streams leave workers for page loads and publishes.
inline constexpr std::size_t kMaxFollowers = 192;
// How long a connection may wait before sending its (next) request, and how long a request may
// take to arrive in full; an idle or slow client is dropped after them.
inline constexpr std::chrono::seconds kIdleTimeout{5};
inline constexpr std::chrono::seconds kRequestTimeout{10};
// One read or write that makes no progress for this long ends the connection.
inline constexpr std::chrono::seconds kIoTimeout{5};
// Requests served on one connection before it is closed.
inline constexpr std::size_t kKeepAliveRequests = 100;
// Views waiting for one follower; a follower that falls this far behind is dropped (its
// EventSource reconnects and catches up on the current view).
inline constexpr std::size_t kFollowerQueue = 64;
// An event stream's keep-alive comment, and the reconnect delay it asks of EventSource.
inline constexpr std::chrono::seconds kPingInterval{15};
inline constexpr int kRetryMs = 1000;

}  // namespace scanviz::classroom
