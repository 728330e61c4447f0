#include "qr_view.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace scanviz {

namespace {

ImVec4 Color(scene::Rgba c) {
  return ImVec4(c.r, c.g, c.b, 1);
}

// Where the parts go: the code's white square at the top, centred, as large as the window's
// height allows once the address and the buttons have their room; the address under it.
struct QrLayout {
  float margin = 0, gap = 0;
  float module = 0;  // one module's side in points: whole points, so no module blurs
  ImVec2 square_pos, square_size;
  float text_x = 0, text_w = 0;
};

QrLayout Fit(const UiContext& ui, const qr::Code& code, const std::string& text, ImVec2 display) {
  QrLayout l;
  l.margin = std::max(4.0f, std::min(display.x, display.y) * 0.03f);
  l.gap = ui.fonts.ui_px * 0.8f;
  const float buttons_h = ImGui::GetFrameHeight() + l.gap;
  const float wide = display.x - 2 * l.margin;
  auto text_h = [&](float w) {
    return ImGui::CalcTextSize(text.c_str(), nullptr, false, w).y;
  };
  float side = std::min(display.y - 2 * l.margin - text_h(wide) - l.gap - buttons_h, wide);
  // The address reads in lines about as wide as the code (40 em at least), not across a
  // projector's whole width.
  l.text_w = std::min(wide, std::max(side, ui.fonts.ui_px * 40));
  side = std::min(side, display.y - 2 * l.margin - text_h(l.text_w) - l.gap - buttons_h);
  const int modules = std::max(code.Side(), 1);
  l.module = std::max(1.0f, std::floor(side / static_cast<float>(modules)));
  const float s = l.module * static_cast<float>(modules);
  l.square_size = ImVec2(s, s);
  l.square_pos = ImVec2(std::floor((display.x - s) * 0.5f), l.margin);
  l.text_x = std::floor((display.x - l.text_w) * 0.5f);
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
      draw->AddRectFilled(ImVec2(p.x + static_cast<float>(x) * l.module,
                                 p.y + static_cast<float>(y) * l.module),
                          ImVec2(p.x + static_cast<float>(end) * l.module,
                                 p.y + static_cast<float>(y + 1) * l.module),
                          IM_COL32(0, 0, 0, 255));
      x = end;
    }
  }
}

// The address (or why there is no code), wrapped, then Copy and Close. Returns Copy's press.
bool DrawText(UiContext& ui, const qr::Code& code, const std::string& text, const QrLayout& l,
              float y) {
  const float window_x = ImGui::GetWindowPos().x;
  ImGui::SetCursorScreenPos(ImVec2(l.text_x, y));
  ImGui::PushTextWrapPos(l.text_x + l.text_w - window_x);
  ImGui::PushStyleColor(ImGuiCol_Text, Color(ui.palette.text));
  ImGui::TextUnformatted(code.Ok() ? text.c_str() : code.error.c_str());
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  Record(ui, code.Ok() ? "address" : "refusal", code.Ok() ? text : code.error);
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
  if (ui.text != nullptr) ui.text->BeginPanel("qr", {0, 0, display.x, display.y}, detail);
  float y = l.margin;
  if (m_code.Ok()) {
    DrawModules(m_code, l);
    if (ui.text != nullptr)
      ui.text->Text("code", m_text,
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
