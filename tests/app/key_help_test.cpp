// The key help cannot drift from the keys: every key it lists does something when fed to
// HandleShortcuts, every key HandleShortcuts acts on is listed, and docs/app.md's key table is the
// same table.
#include "views/key_help.h"

#include <gtest/gtest.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include "state/app_state.h"
#include "kinds/kind.h"
#include "kinds/applications/applications_state.h"
#include "kinds/side_by_side/side_by_side_state.h"
#include "kinds/single_pass/single_pass_state.h"
#include "platform/shortcuts.h"

namespace scanviz {
namespace {

// A state in which every shortcut has something to change: an edit to undo and one to redo, a
// round between the first and the last, a selected cell, the figure zoomed, and the given tab.
std::unique_ptr<AppState> Busy(SidePanel panel) {
  auto app = std::make_unique<AppState>(Settings{});
  app->SetBackend(BackendChoice::kCpu);
  app->SetInputText("1 2 3 4 5 6 7 8 9");
  app->SetInputText("1 2 3 4 5 6 7 8");
  app->Undo();
  app->CurrentPlayer().Seek(1);
  app->view.selected_algorithm = app->GetAlgorithm();
  app->view.selected = scene::CellRef{scene::kInputRound, 0, 2};
  app->view.figure_scale = 1.2f;
  app->view.pan_x = 10;  // Fit view has something to undo
  app->view.panel = panel;
  return app;
}

// Everything a shortcut may change, as text (what changed shows in a failure).
std::string Fingerprint(AppState& app, const ShortcutResult& r) {
  std::ostringstream o;
  const ViewState& v = app.view;
  o << "algorithm " << ToString(app.GetAlgorithm()) << " input " << app.InputText() << " undo "
    << app.History().UndoCount() << " redo " << app.History().RedoCount();
  app.ForEachShownPlayer(
      [&](Player& p) { o << " round " << p.Round() << " playing " << p.Playing(); });
  o << " panel " << static_cast<int>(v.panel) << " figure " << v.figure_scale << " ui "
    << v.ui_scale << " only " << v.only_current << " case " << v.color_by_case << " sbs "
    << ToString(app.ShownKind()) << " presenter " << v.presenter << " left " << v.left.collapsed
    << v.left.unfolded << " right " << v.right.collapsed << v.right.unfolded << " full "
    << v.fullscreen << " cursor " << SinglePassOf(app).timeline_cursor << " quiz " << v.quiz
    << " help " << v.help << " qr " << v.qr << " selected " << v.selected.has_value() << " zoom "
    << v.zoom << " theme " << static_cast<int>(v.theme) << " export "
    << static_cast<int>(v.export_request) << " file dialog " << static_cast<int>(v.file_dialog)
    << " pan " << v.pan_x << "," << v.pan_y << " op " << static_cast<int>(app.Op()) << " type "
    << static_cast<int>(app.Type()) << " pair " << ToString(SideBySideOf(app).Left())
    << ToString(SideBySideOf(app).Right()) << " application "
    << static_cast<int>(ApplicationsOf(app).model.Application()) << " panels " << v.keyboard.panels
    << " menu " << v.keyboard.menu_request << " field " << v.keyboard.field_request
    << " export options " << v.keyboard.export_options << " typing "
    << (v.cell_typing ? "[" + v.cell_typing->text + "]" : "none") << " result "
    << (r == ShortcutResult{} ? "-" : "!");
  return o.str();
}

// Whether pressing (key, mods) changes anything, from either of two busy states. A state a key
// left unchanged is used for the next key; one it changed is made again.
bool Acts(int key, int mods) {
  static std::unique_ptr<AppState> states[2];  // test fixture data, reused across calls
  const SidePanel panels[2] = {SidePanel::kInspector, SidePanel::kCode};
  bool acted = false;
  for (int i = 0; i < 2; ++i) {
    if (!states[i]) states[i] = Busy(panels[i]);
    const std::string before = Fingerprint(*states[i], {});
    const ShortcutResult r = HandleShortcuts(*states[i], {{key, GLFW_PRESS, mods}}, false);
    if (Fingerprint(*states[i], r) != before) {
      acted = true;
      states[i].reset();
    }
  }
  return acted;
}

std::string Name(int key, int mods) {
  return std::string(mods & GLFW_MOD_CONTROL ? "Ctrl+" : "") +
         (mods & GLFW_MOD_SHIFT ? "Shift+" : "") + "key " + std::to_string(key) +
         (key > GLFW_KEY_SPACE && key <= GLFW_KEY_GRAVE_ACCENT
              ? std::string(" '") + static_cast<char>(key) + "'"
              : std::string());
}

TEST(KeyHelp, EveryListedKeyDoesSomething) {
  int chords = 0;
  for (const KeyHelp& h : KeyHelpTable()) {
    for (const KeyChord& c : h.chords) {
      ++chords;
      EXPECT_TRUE(Acts(c.key, c.mods)) << h.keys << " (" << Name(c.key, c.mods) << "): " << h.action
                                       << ", but HandleShortcuts ignores it";
    }
  }
  EXPECT_GT(chords, 30);
}

TEST(KeyHelp, EveryKeyTheShortcutsActOnIsListed) {
  int acting = 0;
  for (int key = GLFW_KEY_SPACE; key <= GLFW_KEY_LAST; ++key) {
    for (int mods : {0, GLFW_MOD_SHIFT, GLFW_MOD_CONTROL, GLFW_MOD_CONTROL | GLFW_MOD_SHIFT,
                     GLFW_MOD_ALT}) {
      if (!Acts(key, mods)) continue;
      ++acting;
      EXPECT_TRUE(Listed(key, mods)) << Name(key, mods) << " does something the help does not list";
    }
  }
  EXPECT_GT(acting, 30);
}

TEST(KeyHelp, ShortcutGroupsHaveKeysTheMouseHasNone) {
  std::set<KeyAction> named;
  for (const KeyHelp& h : KeyHelpTable()) {
    EXPECT_FALSE(std::string(h.keys).empty());
    EXPECT_FALSE(std::string(h.action).empty());
    if (h.group == KeyGroup::kMouse) {
      EXPECT_TRUE(h.chords.empty()) << h.keys;
    }
    if (h.id != KeyAction::kNone) {
      // The kinds' lines share one id (KeyOfKind finds each kind's key in its own entry).
      if (h.id != KeyAction::kKind) {
        EXPECT_TRUE(named.insert(h.id).second) << h.keys << ": its action is listed twice";
      }
      EXPECT_FALSE(h.chords.empty()) << h.keys << " names an action but has no key";
    }
    // A line with keys but no action id is only for what a text field does, or for a key the web
    // page handles itself (R: app/web/classroom.js), which says "page".
    if (h.group != KeyGroup::kMouse && h.id == KeyAction::kNone) {
      const std::string action = h.action;
      EXPECT_TRUE(action.find("text field") != std::string::npos ||
                  action.find("page") != std::string::npos)
          << h.keys << ": " << h.action;
    }
  }
  EXPECT_STREQ(KeysOf(KeyAction::kPlay), "Space");
  EXPECT_STREQ(KeysOf(KeyAction::kNone), "");
}

// Each kind's keys come from its entry, a line each: the Benchmark button's tooltip once named
// "G or L" (one line for two kinds; L is the timeline's), and a key two kinds claimed would reach
// only the first.
TEST(KeyHelp, EachKindsKeyIsALineOfItsOwn) {
  std::set<std::string> claimed;
  int keys = 0;
  for (KindId id : kAllKinds) {
    for (const KindKey& k : KindOf(id).Entry().keys) {
      ++keys;
      EXPECT_TRUE(claimed.insert(k.key).second) << k.key << ": two kinds' key";
      int lines = 0;
      for (const KeyHelp& h : KeyHelpTable()) {
        for (const KeyChord& c : h.chords) {
          if (c.key != k.key[0] || c.mods != 0) continue;
          ++lines;
          EXPECT_STREQ(h.keys, k.key) << ToString(id);
          EXPECT_EQ(h.chords.size(), 1u) << h.keys << ": " << h.action;
        }
      }
      EXPECT_EQ(lines, 1) << ToString(id) << "'s " << k.key;
    }
  }
  EXPECT_GE(keys, 6);
  EXPECT_STREQ(KeyOfKind(KindId::kBenchmark), "G");
  EXPECT_STREQ(KeyOfKind(KindId::kSinglePass), "L");
  EXPECT_STREQ(KeyOfKind(KindId::kBlockScan), "");  // Tab and B reach it
}

// What the array view does with the mouse (array_view.cpp's interaction section).
TEST(KeyHelp, ListsTheMouseActionsOfTheArrayView) {
  std::string mouse;
  for (const KeyHelp& h : KeyHelpTable())
    if (h.group == KeyGroup::kMouse) mouse += std::string(h.keys) + ": " + h.action + "\n";
  for (const char* what : {"hover a cell", "click a cell", "double-click an input cell", "wheel",
                           "right or middle drag", "Fit view"}) {
    EXPECT_NE(mouse.find(what), std::string::npos) << what << " missing from\n" << mouse;
  }
}

TEST(KeyHelp, DocsKeyTableIsTheSameTable) {
  std::ifstream in(std::string(SCANVIZ_SOURCE_DIR) + "/docs/app.md");
  ASSERT_TRUE(in) << "docs/app.md not found";
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  const std::string begin = "<!-- keys:begin", end = "<!-- keys:end -->";
  const size_t b = doc.find(begin), e = doc.find(end);
  ASSERT_NE(b, std::string::npos) << "docs/app.md has no " << begin;
  ASSERT_NE(e, std::string::npos) << "docs/app.md has no " << end;
  const size_t body = doc.find('\n', b) + 1;
  ASSERT_LT(body, e);
  EXPECT_EQ(doc.substr(body, e - body), KeyHelpMarkdown())
      << "docs/app.md's key table differs from app/views/key_help.cpp; it should read:\n"
      << KeyHelpMarkdown();
}

}  // namespace
}  // namespace scanviz
