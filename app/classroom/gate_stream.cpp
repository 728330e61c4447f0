#include "classroom/gate_stream.h"

#include <arpa/inet.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstring>

namespace scanviz::classroom {

namespace {

void IpAndPort(const sockaddr_storage& addr, std::string& ip, int& port) {
  char text[INET6_ADDRSTRLEN] = {};
  if (addr.ss_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(&addr);
    inet_ntop(AF_INET, &in->sin_addr, text, sizeof text);
    port = ntohs(in->sin_port);
  } else if (addr.ss_family == AF_INET6) {
    const auto* in = reinterpret_cast<const sockaddr_in6*>(&addr);
    inet_ntop(AF_INET6, &in->sin6_addr, text, sizeof text);
    port = ntohs(in->sin6_port);
  }
  ip = text;
}

}  // namespace

int MillisUntil(Clock::time_point t) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t - Clock::now()).count();
  return static_cast<int>(std::clamp<long long>(ms, 0, 60'000));
}

int WaitFor(int sock, short events, int timeout_ms) {
  pollfd p{sock, events, 0};
  const int n = poll(&p, 1, timeout_ms);
  return n < 0 ? -1 : n;
}

GateStream::GateStream(Connection& c, StreamLimits limits)
    : m_c(c), m_limits(limits), m_deadline(Clock::now() + limits.request_timeout) {}

bool GateStream::is_readable() const {
  return !m_c.pending.empty() || WaitFor(m_c.sock, POLLIN, ReadWaitMs()) > 0;
}

bool GateStream::is_writable() const {
  // A peer that closed its side (a closed tab, a dropped follower) reads as not writable: it
  // will read nothing more. Browsers never half-close a request they await an answer to.
  pollfd p{m_c.sock, static_cast<short>(POLLOUT | POLLRDHUP), 0};
  const int n = poll(&p, 1, static_cast<int>(m_limits.io_timeout.count()));
  return n > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) == 0 && (p.revents & POLLOUT);
}

ssize_t GateStream::read(char* ptr, size_t size) {
  if (m_c.pending.empty() && !Fill()) return -1;
  const size_t n = std::min(size, m_c.pending.size());
  std::memcpy(ptr, m_c.pending.data(), n);
  m_c.pending.erase(0, n);
  if (!m_head_done && !WatchHead(ptr, n)) return -1;
  return static_cast<ssize_t>(n);
}

ssize_t GateStream::write(const char* ptr, size_t size) {
  if (WaitFor(m_c.sock, POLLOUT, static_cast<int>(m_limits.io_timeout.count())) <= 0) return -1;
  const ssize_t n = send(m_c.sock, ptr, size, MSG_NOSIGNAL);
  return n <= 0 ? -1 : n;
}

void GateStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  if (getpeername(m_c.sock, reinterpret_cast<sockaddr*>(&addr), &len) == 0)
    IpAndPort(addr, ip, port);
}

void GateStream::get_local_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  if (getsockname(m_c.sock, reinterpret_cast<sockaddr*>(&addr), &len) == 0)
    IpAndPort(addr, ip, port);
}

int GateStream::ReadWaitMs() const {
  return std::min(MillisUntil(m_deadline), static_cast<int>(m_limits.io_timeout.count()));
}

// Follows the request line and headers as httplib reads them (a byte at a time) to their blank
// line; false once they pass head_bytes without it. httplib's own header limit (8 KiB a line)
// is checked only after a whole line is in memory, however long.
bool GateStream::WatchHead(const char* data, size_t n) {
  for (size_t i = 0; i < n && !m_head_done; ++i) {
    m_last4 = (m_last4 << 8) | static_cast<unsigned char>(data[i]);
    m_head_done = m_last4 == 0x0d0a0d0a;  // "\r\n\r\n"
    if (++m_head_bytes > m_limits.head_bytes) return false;
  }
  return true;
}

// Reads what has arrived (up to 16 KiB) into pending; false past the request's time or size,
// on a timeout, an error or the end of the stream.
bool GateStream::Fill() {
  if (m_received >= m_limits.total_bytes || Clock::now() >= m_deadline) return false;
  if (WaitFor(m_c.sock, POLLIN, ReadWaitMs()) <= 0) return false;
  char buffer[16 * 1024];
  const size_t room = std::min(sizeof buffer, m_limits.total_bytes - m_received);
  const ssize_t n = recv(m_c.sock, buffer, room, 0);
  if (n <= 0) return false;
  m_received += static_cast<size_t>(n);
  m_c.pending.append(buffer, static_cast<size_t>(n));
  return true;
}

}  // namespace scanviz::classroom
