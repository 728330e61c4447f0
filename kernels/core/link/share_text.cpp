#include "core/link/share_text.h"

#include <cctype>

#include "core/link/deflate.h"

namespace scanviz::link {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int Sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '-') return 62;
  if (c == '_') return 63;
  return -1;
}

// The value of `key` among "k=v&k=v"; nullopt when absent.
std::optional<std::string_view> Param(std::string_view params, std::string_view key) {
  while (!params.empty()) {
    const std::size_t amp = params.find('&');
    const std::string_view part = params.substr(0, amp);
    if (part.size() > key.size() && part.substr(0, key.size()) == key && part[key.size()] == '=')
      return part.substr(key.size() + 1);
    if (amp == std::string_view::npos) break;
    params.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

// A bundled trace's name: a plain file name, or "-".
bool ValidTraceRef(std::string_view ref) {
  if (ref == kNoTrace) return true;
  if (ref.empty() || ref.size() > 128 || ref == "." || ref == "..") return false;
  for (char c : ref)
    if (Sextet(c) < 0 && c != '.') return false;
  return true;
}

// The link's fragment without its '#': text that starts with "#s=", or an address with a scheme
// ("https://host/page#s=...", "file:///dir/index.html#s=..."). nullopt for anything else, so that
// a file's name ("s=hs8.json", "lecture#s=1.json", "a&s=b.json") is never taken for a link.
std::optional<std::string_view> Fragment(std::string_view text) {
  std::size_t hash = 0;
  if (text.empty() || text[0] != '#') {
    std::size_t scheme = 0;
    while (scheme < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[scheme])) || text[scheme] == '+' ||
            text[scheme] == '-' || text[scheme] == '.'))
      ++scheme;
    if (scheme == 0 || !std::isalpha(static_cast<unsigned char>(text[0])) ||
        text.substr(scheme, 3) != "://")
      return std::nullopt;
    hash = text.find('#', scheme + 3);
    if (hash == std::string_view::npos) return std::nullopt;
  }
  const std::string_view fragment = text.substr(hash + 1);
  if (fragment.substr(0, 2) != "s=") return std::nullopt;
  return fragment;
}

}  // namespace

std::string Base64UrlEncode(std::string_view bytes) {
  std::string out;
  std::size_t i = 0;
  const auto b = [&](std::size_t k) {
    return static_cast<unsigned>(static_cast<unsigned char>(bytes[k]));
  };
  for (; i + 3 <= bytes.size(); i += 3) {
    const unsigned v = (b(i) << 16) | (b(i + 1) << 8) | b(i + 2);
    for (int s = 18; s >= 0; s -= 6) out.push_back(kAlphabet[(v >> s) & 63]);
  }
  const std::size_t rest = bytes.size() - i;  // no padding: base64url in a URL leaves it off
  if (rest > 0) {
    const unsigned v = (b(i) << 16) | (rest == 2 ? b(i + 1) << 8 : 0u);
    out.push_back(kAlphabet[(v >> 18) & 63]);
    out.push_back(kAlphabet[(v >> 12) & 63]);
    if (rest == 2) out.push_back(kAlphabet[(v >> 6) & 63]);
  }
  return out;
}

std::optional<std::string> Base64UrlDecode(std::string_view text) {
  if (text.size() % 4 == 1) return std::nullopt;
  std::string out;
  unsigned v = 0;
  int bits = 0;
  for (char c : text) {
    const int s = Sextet(c);
    if (s < 0) return std::nullopt;
    v = (v << 6) | static_cast<unsigned>(s);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((v >> bits) & 0xff));
    }
  }
  return out;
}

std::string EncodeFragment(std::string_view session_json, std::string_view trace_ref) {
  std::string out = "s=" + Base64UrlEncode(Deflate(session_json));
  if (!trace_ref.empty()) out += "&t=" + std::string(trace_ref);
  return out;
}

SharedText DecodeLink(std::string_view text) {
  SharedText out;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
    text.remove_suffix(1);
  const std::optional<std::string_view> fragment = Fragment(text);
  if (!fragment) return out;
  const std::string_view params = *fragment;
  const std::optional<std::string_view> s = Param(params, "s");
  if (!s) return out;
  out.found = true;
  const auto fail = [&](const std::string& why) {
    out.error = "this link does not open: " + why;
    return out;
  };
  if (text.size() > kMaxLinkChars) return fail("it is longer than any link ScanViz writes");
  const std::optional<std::string> packed = Base64UrlDecode(*s);
  if (!packed || s->empty()) return fail("its text is damaged (not base64url)");
  Inflated json = Inflate(*packed, kMaxSessionBytes);
  if (!json.data) return fail(json.error);
  if (const std::optional<std::string_view> t = Param(params, "t")) {
    if (!ValidTraceRef(*t)) return fail("its trace name is not a file name");
    out.trace_ref = std::string(*t);
  }
  out.session_json = std::move(*json.data);
  return out;
}

}  // namespace scanviz::link
