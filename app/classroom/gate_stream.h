// GateStream: httplib's Stream over one client connection for one request, as the connection
// gate (connection_gate.h) serves it: reads are bounded in time (each by io_timeout, the whole
// request by request_timeout) and in bytes (the request line and headers by head_bytes, all of
// it by total_bytes); writes by io_timeout. Bytes read past the request stay in the
// connection's `pending` for the next one (keep-alive). Tested over a socketpair
// (tests/classroom/gate_stream_test.cpp).
#pragma once

#include <httplib.h>

#include <chrono>
#include <cstdint>
#include <string>

#include "classroom/limits.h"

namespace scanviz::classroom {

using Clock = std::chrono::steady_clock;

// One client connection between requests: its socket, the bytes read past the last request
// (a pipelined next one), how many requests it has made, and until when it may stay idle.
struct Connection {
  int sock = -1;
  std::string pending;
  std::size_t requests = 0;
  Clock::time_point deadline;
};

struct StreamLimits {
  std::size_t head_bytes = kMaxRequestHeadBytes;
  std::size_t total_bytes = kMaxRequestHeadBytes + kMaxPublishBytes;
  std::chrono::milliseconds request_timeout = kRequestTimeout;
  std::chrono::milliseconds io_timeout = kIoTimeout;
};

// Milliseconds from now to t, clamped to 0..60,000.
int MillisUntil(Clock::time_point t);
// poll() on one socket: 1 ready, 0 timed out, -1 error; POLLHUP/POLLERR count as ready.
int WaitFor(int sock, short events, int timeout_ms);

class GateStream : public httplib::Stream {
 public:
  explicit GateStream(Connection& c, StreamLimits limits = {});

  bool is_readable() const override;
  // Whether a write can go through now, and the peer has not hung up (POLLRDHUP).
  bool is_writable() const override;
  // -1 (httplib's "failed") past a limit, on a timeout, an error or the end of the stream.
  ssize_t read(char* ptr, size_t size) override;
  ssize_t write(const char* ptr, size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override { return m_c.sock; }

 private:
  int ReadWaitMs() const;
  bool WatchHead(const char* data, size_t n);
  bool Fill();

  Connection& m_c;
  const StreamLimits m_limits;
  const Clock::time_point m_deadline;
  size_t m_received = 0;
  bool m_head_done = false;
  size_t m_head_bytes = 0;
  std::uint32_t m_last4 = 0;
};

}  // namespace scanviz::classroom
