// What the files of AppState share (app_state.cpp, app_state_grid.cpp, app_state_files.cpp,
// app_state_apps.cpp): the edit scope. Included by them alone.
#pragma once

#include "app_state.h"

namespace scanviz {

// Opened by each input edit; the outermost one records the edit in the undo history when it
// closes (edit_history.h says what counts as an edit).
class AppState::EditScope {
 public:
  EditScope(AppState& app, EditTag tag) : m_app(app) {
    if (m_app.m_edit_depth++ > 0) return;
    m_app.m_edit_before = m_app.Snapshot();
    m_app.m_edit_tag = tag;
  }
  ~EditScope() {
    if (--m_app.m_edit_depth > 0) return;
    m_app.m_history.Record(m_app.m_edit_before, m_app.m_edit_tag, m_app.Snapshot());
  }
  EditScope(const EditScope&) = delete;
  EditScope& operator=(const EditScope&) = delete;

 private:
  AppState& m_app;
};

}  // namespace scanviz
