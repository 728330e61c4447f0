// --dump-layout: what a frame drew, in pixels (docs/app.md describes the format): every cell's
// rectangle and colours, every panel's rectangle with the text lines and brackets it drew.
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/file_io.h"
#include "core/trace_io.h"
#include "platform/headless.h"

namespace scanviz {

std::string LayoutJson(const std::vector<DumpedCell>& cells, const std::vector<DumpedPanel>& panels,
                       int w, int h, scene::Theme theme) {
  nlohmann::json j;
  j["width"] = w;
  j["height"] = h;
  j["theme"] = scene::ToString(theme);
  auto rgb = [](scene::Rgba c) {
    return nlohmann::json::array({static_cast<int>(std::lround(c.r * 255)),
                                  static_cast<int>(std::lround(c.g * 255)),
                                  static_cast<int>(std::lround(c.b * 255))});
  };
  nlohmann::json list = nlohmann::json::array();
  for (const DumpedCell& c : cells) {
    list.push_back({{"algorithm", ToString(c.algorithm)},
                    {"round", c.cell.round},
                    {"buffer", c.cell.buffer},
                    {"pos", c.cell.pos},
                    {"class", c.is_input ? "input" : ToString(c.cls)},
                    {"style", static_cast<int>(c.style)},
                    {"padding", c.padding},
                    {"hs_case", c.hs_case},
                    {"rect", {c.x, c.y, c.w, c.h}},
                    {"fill", rgb(c.fill)},
                    {"border", rgb(c.border)},
                    {"border_width", c.border_width},
                    {"text", c.text},
                    {"text_px", c.text_px},
                    {"text_w", c.text_w},
                    {"text_color", rgb(c.text_color)}});
  }
  j["cells"] = list;
  auto rect = [](const ViewRect& r) { return nlohmann::json::array({r.x, r.y, r.w, r.h}); };
  nlohmann::json panel_list = nlohmann::json::array();
  for (const DumpedPanel& p : panels) {
    nlohmann::json panel = {{"name", p.name}, {"rect", rect(p.rect)}};
    if (p.name == "side") panel["tab"] = p.detail;
    if (p.name == "trace") panel["algorithm"] = p.detail;
    if (p.name == "qr") panel["detail"] = p.detail;  // "version V level M", or "refused"
    if (p.content) panel["content"] = rect(*p.content);
    nlohmann::json lines = nlohmann::json::array();
    for (const DumpedLine& l : p.lines) {
      nlohmann::json line = {
          {"kind", l.kind}, {"text", l.text}, {"rect", rect(l.rect)}, {"visible", l.visible}};
      if (l.colored) {
        line["color"] = rgb(l.color);
        line["background"] = rgb(l.background);
        line["px"] = l.px;
      }
      if (l.kind == "code") {
        line["lit"] = l.lit;
        line["number"] = l.number;
      }
      lines.push_back(std::move(line));
    }
    panel["lines"] = std::move(lines);
    nlohmann::json brackets = nlohmann::json::array();
    for (const DumpedBracket& b : p.brackets)
      brackets.push_back({{"x0", b.x0}, {"x1", b.x1}, {"y", b.y}, {"caption", b.caption}});
    if (!brackets.empty()) panel["brackets"] = std::move(brackets);
    panel_list.push_back(std::move(panel));
  }
  j["panels"] = std::move(panel_list);
  // Text the views drew is UTF-8 from our own sources and the trace; should a byte sequence be
  // invalid all the same, it becomes U+FFFD rather than losing the whole file.
  return j.dump(1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string WriteLayout(const std::string& path, const std::vector<DumpedCell>& cells,
                        const std::vector<DumpedPanel>& panels, int w, int h, scene::Theme theme) {
  return WriteFileAtomically(path, LayoutJson(cells, panels, w, h, theme));
}

}  // namespace scanviz
