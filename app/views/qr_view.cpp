#include "views/qr_view.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "views/primitives.h"

namespace scanviz {

namespace {

ImVec4 Color(scene::Rgba c) {
  return ImVec4(c.r, c.g, c.b, 1);
}

// A link has no spaces to wrap at: its lines break anywhere (between UTF-8 characters) at the
// width, in the current font.
std::vector<std::string> WrapAnywhere(const std::string& text, float width) {
  std::vector<std::string> lines;
  std::string line;
  float w = 0;
  for (std::size_t i = 0; i < text.size();) {
    std::size_t n = 1;
    while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80) ++n;
    const float cw = ImGui::CalcTextSize(text.data() + i, text.data() + i + n).x;
    if (!line.empty() && w + cw > width) {
      lines.push_back(std::move(line));
      line.clear();
      w = 0;
    }
    line.append(text, i, n);
    w += cw;
    i += n;
  }
  if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

// Where the parts go: the code's white square at the top, centred, as large as the window's
// height allows once the address's lines (the window's width) and the buttons have their room;
// the address under it, centred.
struct QrLayout {
  float margin = 0, gap = 0;
  float module = 0;  // one module's side in points (whole points where modules are small)
  ImVec2 square_pos, square_size;
  std::vector<std::string> lines;  // the address, wrapped
  float text_x = 0, text_w = 0;
};

QrLayout Fit(const UiContext& ui, const qr::Code& code, const std::string& text, ImVec2 display) {
  QrLayout l;
  l.margin = std::max(4.0f, std::min(display.x, display.y) * 0.03f);
  l.gap = ui.fonts.ui_px * 0.6f;
  const float wide = display.x - 2 * l.margin;
  l.lines = WrapAnywhere(code.Ok() ? text : code.error, wide);
  for (const std::string& line : l.lines)
    l.text_w = std::max(l.text_w, ImGui::CalcTextSize(line.c_str()).x);
  l.text_x = std::floor((display.x - l.text_w) * 0.5f);
  const float text_h = static_cast<float>(l.lines.size()) * ImGui::GetTextLineHeightWithSpacing();
  const float below = l.gap + text_h + l.gap + ImGui::GetFrameHeight();
  const float side = std::max(0.0f, std::min(display.y - 2 * l.margin - below, wide));
  const float modules = static_cast<float>(std::max(code.Side(), 1));
  // Below 4 points a module, whole points keep every module the same size on the screen.
  l.module = side / modules >= 4 ? side / modules : std::max(1.0f, std::floor(side / modules));
  const float s = l.module * modules;
  l.square_size = ImVec2(s, s);
  l.square_pos = ImVec2(std::floor((display.x - s) * 0.5f), l.margin);
  return l;
}

// The modules: white square (the quiet zone included), then each row's runs of dark modules as
// one rectangle each.
void DrawModules(const qr::Code& code, const QrLayout& l) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 p = l.square_pos;
  draw->AddRectFilled(p, ImVec2(p.x + l.square_size.x, p.y + l.square_size.y),
                      IM_COL32(255, 255, 255, 255));
  for (int y = 0; y < code.Side(); ++y) {
    for (int x = 0; x < code.Side();) {
      if (!code.Dark(x, y)) {
        ++x;
        continue;
      }
      int end = x;
      while (end < code.Side() && code.Dark(end, y)) ++end;
      draw->AddRectFilled(
          ImVec2(p.x + static_cast<float>(x) * l.module, p.y + static_cast<float>(y) * l.module),
          ImVec2(p.x + static_cast<float>(end) * l.module,
                 p.y + static_cast<float>(y + 1) * l.module),
          IM_COL32(0, 0, 0, 255));
      x = end;
    }
  }
}

// The address (or why there is no code), its lines centred, then Copy address and Close.
// Returns Copy's press.
bool DrawText(UiContext& ui, const qr::Code& code, const std::string& text, const QrLayout& l,
              float y) {
  ImGui::SetCursorScreenPos(ImVec2(l.text_x, y));
  ImGui::BeginGroup();
  ImGui::PushStyleColor(ImGuiCol_Text, Color(ui.palette.text));
  for (const std::string& line : l.lines) ImGui::TextUnformatted(line.c_str());
  ImGui::PopStyleColor();
  EndGroup(ui, code.Ok() ? Dump("address", text) : Dump("refusal", code.error));
  ImGui::SetCursorScreenPos(ImVec2(l.text_x, ImGui::GetItemRectMax().y + l.gap));
  bool copy = false;
  if (code.Ok()) {
    copy = ImGui::Button("Copy address");
    Tip(ui, "Put this address on the clipboard");
    ImGui::SameLine();
  }
  if (ImGui::Button("Close")) ui.app.view.qr = false;
  Tip(ui, "Close the QR code", KeyAction::kQrCode);
  return copy;
}

}  // namespace

bool QrView::Draw(UiContext& ui, const std::string& text) {
  if (!m_encoded || text != m_text) {
    m_text = text;
    m_code = qr::Encode(text);
    m_encoded = true;
  }
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  // Over everything but the help, opaque: nothing of the view under it confuses a camera.
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(display);
  ImGui::SetNextWindowFocus();
  ImGui::PushStyleColor(ImGuiCol_WindowBg, Color(ui.palette.background));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
  ImGui::Begin("##qr_code", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
  const QrLayout l = Fit(ui, m_code, m_text, display);
  const std::string detail =
      m_code.Ok() ? "version " + std::to_string(m_code.version) + " level " + m_code.level
                  : "refused";
  DumpPanel(ui, "qr", {0, 0, display.x, display.y}, detail);
  float y = l.margin;
  if (m_code.Ok()) {
    DrawModules(m_code, l);
    DumpLine(ui, {"qr", m_text},
             {l.square_pos.x, l.square_pos.y, l.square_size.x, l.square_size.y});
    y = l.square_pos.y + l.square_size.y + l.gap;
  } else {
    y = std::floor(display.y * 0.4f);  // the reason where the code would be
  }
  const bool copy = DrawText(ui, m_code, m_text, l, y);
  ImGui::End();
  return copy;
}

}  // namespace scanviz
