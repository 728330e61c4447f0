// Hostile text for the messages' escaping (issue #38, finding 3), shared by the tests that put it
// into every string field of a file: what a message that quotes it must still be.
#pragma once

#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace scanviz::testing {

// A terminal's title set, a fake success line, C1's CSI, DEL, bytes that are not UTF-8, a line
// separator, a bidirectional override; and 1 MB of text ending in a newline.
inline std::vector<std::string> HostileStrings() {
  return {"\x1b]0;pwned\x07\nscanviz-cli: check: OK",
          "a\xc2\x9b"
          "31m\x7f\xff\xfe\xed\xa0\x80 \xe2\x80\xa8 \xe2\x80\xae"
          "evil\r\t\\\"",
          std::string(1 << 20, 'A') + "\n"};
}

// `text` as a JSON string literal: its control characters, quote and backslash escaped as JSON
// escapes them, every other byte as it is (bytes that are not UTF-8 too: the file holds them).
inline std::string JsonLiteral(const std::string& text) {
  std::string out = "\"";
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == '"' || c == '\\') {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", c);
      out += escape;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

// `root` as a file's text with the string at `field` replaced by `text`.
inline std::string WithField(nlohmann::json root, const nlohmann::json::json_pointer& field,
                             const std::string& text) {
  const std::string mark = "\x01scanviz-hostile\x01";
  root[field] = mark;
  std::string out = root.dump();
  const std::string marked = nlohmann::json(mark).dump();
  return out.replace(out.find(marked), marked.size(), JsonLiteral(text));
}

// Why `message` could not be shown as it is: "" when it is one printable line of at most
// `max_bytes` bytes of valid UTF-8, with no C0 or C1 control character, DEL, line separator or
// bidirectional override.
inline std::string WhyNotOneSafeLine(const std::string& message, std::size_t max_bytes = 1000) {
  if (message.size() > max_bytes) return "longer than " + std::to_string(max_bytes) + " bytes";
  for (std::size_t i = 0; i < message.size();) {
    const auto b = [&](std::size_t k) {
      return k < message.size() ? static_cast<unsigned char>(message[k]) : 0u;
    };
    const unsigned c = b(i);
    if (c < 0x20 || c == 0x7f) return "a control byte at " + std::to_string(i);
    if (c < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
    if (n == 0 || c > 0xf4) return "not UTF-8 at " + std::to_string(i);
    unsigned cp = c & (0xff >> (n + 1));
    for (std::size_t k = 1; k < n; ++k) {
      if ((b(i + k) & 0xc0) != 0x80) return "not UTF-8 at " + std::to_string(i);
      cp = (cp << 6) | (b(i + k) & 0x3f);
    }
    if ((cp >= 0x80 && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029 || cp == 0x200e ||
        cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) ||
        (cp >= 0xd800 && cp <= 0xdfff))
      return "a code point a terminal acts on at " + std::to_string(i);
    i += n;
  }
  return {};
}

// Every string value of `root` (by JSON pointer), one per place in the format: an array's
// elements count once ("/rounds/*/threads/*/0"), so a long trace costs what a short one does.
inline std::vector<nlohmann::json::json_pointer> StringFields(const nlohmann::json& root) {
  std::vector<nlohmann::json::json_pointer> out;
  std::set<std::string> places;
  const std::regex index("/[0-9]+");
  const nlohmann::json flat = root.flatten();  // items() holds a reference: keep it alive
  for (const auto& [pointer, value] : flat.items()) {
    if (!value.is_string()) continue;
    if (places.insert(std::regex_replace(pointer, index, "/*")).second) out.emplace_back(pointer);
  }
  return out;
}

// Every string field of the file `text` replaced by each hostile string in turn, the file read by
// `load` (which returns its error, "" when it accepts it): the messages that are not one safe line,
// "<name> <field>: why", and how many fields and refusals there were.
struct HostileRun {
  std::vector<std::string> unsafe;
  int fields = 0;
  int refused = 0;
};
inline void RunHostile(const std::string& name, const std::string& text,
                       const std::function<std::string(const std::string&)>& load,
                       HostileRun* run) {
  const nlohmann::json root = nlohmann::json::parse(text);
  for (const nlohmann::json::json_pointer& field : StringFields(root)) {
    ++run->fields;
    for (const std::string& hostile : HostileStrings()) {
      const std::string error = load(WithField(root, field, hostile));
      run->refused += error.empty() ? 0 : 1;
      if (std::string why = WhyNotOneSafeLine(error); !why.empty())
        run->unsafe.push_back(name + " " + field.to_string() + ": " + why + ": " +
                              error.substr(0, 200));
    }
  }
}

}  // namespace scanviz::testing
