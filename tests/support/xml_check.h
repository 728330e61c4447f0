// A small XML reader for the SVG tests: enough to say whether a document is well-formed (one
// root, every tag closed in order, attributes quoted and unique, '&' only as an entity, nothing
// but a declaration, comments and space outside the root) and to read it back as a tree, so a test
// asks for the texts of the cells of a class rather than searching the bytes.
#pragma once

#include <cctype>
#include <map>
#include <string>
#include <vector>

namespace scanviz::testing {

struct XmlNode {
  std::string name;
  std::map<std::string, std::string> attributes;  // entities decoded
  std::string text;                               // this node's own text, decoded
  std::vector<XmlNode> children;

  // The text of the node and all its descendants, in document order, without the space around it
  // (the line breaks between a group's elements).
  std::string AllText() const {
    std::string s = Joined();
    s.erase(0, s.find_first_not_of(" \n\t"));
    s.erase(s.find_last_not_of(" \n\t") + 1);
    return s;
  }
  std::string Joined() const {
    std::string s = text;
    for (const XmlNode& c : children) s += c.Joined();
    return s;
  }
  bool HasClass(const std::string& word) const {
    const auto it = attributes.find("class");
    if (it == attributes.end()) return false;
    const std::string padded = " " + it->second + " ";
    return padded.find(" " + word + " ") != std::string::npos;
  }
};

struct XmlDocument {
  XmlNode root;
  std::string error;  // empty: well-formed
};

namespace xml_detail {

class Reader {
 public:
  explicit Reader(const std::string& s) : m_s(s) {}

  XmlDocument Read() {
    XmlDocument doc;
    SkipProlog();
    if (!Element(&doc.root)) {
      doc.error = m_error;
      return doc;
    }
    SkipMisc();
    if (m_error.empty() && m_at != m_s.size()) Fail("content after the root element");
    doc.error = m_error;
    return doc;
  }

 private:
  bool Fail(const std::string& why) {
    if (m_error.empty()) m_error = why + " at byte " + std::to_string(m_at);
    return false;
  }
  bool StartsWith(const char* p) const {
    return m_s.compare(m_at, std::char_traits<char>::length(p), p) == 0;
  }
  void SkipSpace() {
    while (m_at < m_s.size() && std::isspace(static_cast<unsigned char>(m_s[m_at]))) ++m_at;
  }
  bool SkipPast(const char* end) {
    const size_t p = m_s.find(end, m_at);
    if (p == std::string::npos) return Fail(std::string("no ") + end);
    m_at = p + std::char_traits<char>::length(end);
    return true;
  }
  void SkipMisc() {
    for (;;) {
      SkipSpace();
      if (StartsWith("<!--")) {
        if (!SkipPast("-->")) return;
      } else {
        return;
      }
    }
  }
  void SkipProlog() {
    SkipSpace();
    if (StartsWith("<?xml")) SkipPast("?>");
    SkipMisc();
  }
  std::string Name() {
    const size_t begin = m_at;
    while (m_at < m_s.size() &&
           (std::isalnum(static_cast<unsigned char>(m_s[m_at])) || m_s[m_at] == '-' ||
            m_s[m_at] == '_' || m_s[m_at] == ':' || m_s[m_at] == '.'))
      ++m_at;
    return m_s.substr(begin, m_at - begin);
  }
  // Decodes the five entities and numeric references; anything else after '&' is an error.
  bool Decode(const std::string& raw, std::string* out) {
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') {
        *out += raw[i];
        continue;
      }
      const size_t semi = raw.find(';', i);
      if (semi == std::string::npos) return Fail("a bare '&'");
      const std::string e = raw.substr(i + 1, semi - i - 1);
      static const std::map<std::string, std::string> kNamed = {
          {"lt", "<"}, {"gt", ">"}, {"amp", "&"}, {"quot", "\""}, {"apos", "'"}};
      if (kNamed.count(e) != 0) {
        *out += kNamed.at(e);
      } else if (e.size() > 1 && e[0] == '#') {
        *out += '?';  // a character reference: well-formed; its character does not matter here
      } else {
        return Fail("an unknown entity &" + e + ";");
      }
      i = semi;
    }
    return true;
  }
  bool Attributes(XmlNode* node) {
    for (;;) {
      SkipSpace();
      if (m_at >= m_s.size()) return Fail("a tag left open");
      if (m_s[m_at] == '>' || StartsWith("/>")) return true;
      const std::string name = Name();
      if (name.empty()) return Fail("a bad attribute name");
      SkipSpace();
      if (m_at >= m_s.size() || m_s[m_at] != '=') return Fail("attribute " + name + " without '='");
      ++m_at;
      SkipSpace();
      if (m_at >= m_s.size() || (m_s[m_at] != '"' && m_s[m_at] != '\''))
        return Fail("an unquoted attribute");
      const char quote = m_s[m_at++];
      const size_t end = m_s.find(quote, m_at);
      if (end == std::string::npos) return Fail("an attribute left open");
      const std::string raw = m_s.substr(m_at, end - m_at);
      if (raw.find('<') != std::string::npos) return Fail("'<' in an attribute");
      std::string value;
      if (!Decode(raw, &value)) return false;
      if (!node->attributes.emplace(name, value).second)
        return Fail("attribute " + name + " twice");
      m_at = end + 1;
    }
  }
  bool Element(XmlNode* node) {
    SkipMisc();
    if (m_at >= m_s.size() || m_s[m_at] != '<') return Fail("no element");
    ++m_at;
    node->name = Name();
    if (node->name.empty()) return Fail("a bad element name");
    if (!Attributes(node)) return false;
    if (StartsWith("/>")) {
      m_at += 2;
      return true;
    }
    ++m_at;  // '>'
    return Content(node);
  }
  bool Content(XmlNode* node) {
    for (;;) {
      const size_t lt = m_s.find('<', m_at);
      if (lt == std::string::npos) return Fail("<" + node->name + "> never closed");
      if (!Decode(m_s.substr(m_at, lt - m_at), &node->text)) return false;
      m_at = lt;
      if (StartsWith("<!--")) {
        if (!SkipPast("-->")) return false;
      } else if (StartsWith("</")) {
        m_at += 2;
        const std::string name = Name();
        SkipSpace();
        if (name != node->name) return Fail("</" + name + "> closes <" + node->name + ">");
        if (m_at >= m_s.size() || m_s[m_at] != '>') return Fail("a closing tag left open");
        ++m_at;
        return true;
      } else {
        node->children.emplace_back();
        if (!Element(&node->children.back())) return false;
      }
    }
  }

  const std::string& m_s;
  size_t m_at = 0;
  std::string m_error;
};

inline void Collect(const XmlNode& node, const std::string& cls, std::vector<const XmlNode*>* out) {
  if (node.HasClass(cls)) out->push_back(&node);
  for (const XmlNode& c : node.children) Collect(c, cls, out);
}

}  // namespace xml_detail

inline XmlDocument ParseXml(const std::string& text) {
  return xml_detail::Reader(text).Read();
}

// The nodes under `root` (itself included) whose class has the word `cls`, in document order.
inline std::vector<const XmlNode*> ByClass(const XmlNode& root, const std::string& cls) {
  std::vector<const XmlNode*> out;
  xml_detail::Collect(root, cls, &out);
  return out;
}

// The texts of those nodes, each with its descendants'.
inline std::vector<std::string> TextsOf(const XmlNode& root, const std::string& cls) {
  std::vector<std::string> out;
  for (const XmlNode* n : ByClass(root, cls)) out.push_back(n->AllText());
  return out;
}

}  // namespace scanviz::testing
