#!/usr/bin/env bash
# Dear ImGui 1.86 from Debian's own source package (imgui 1.86+ds-1), for the web build, into
# $1/imgui-src (default build-web). apt reads a private deb-src list with private lists and
# caches under $1/apt-src: the system's apt configuration, lists, caches and locks are never
# touched, and nothing of ImGui is committed. Does nothing when the source is already there.
set -euo pipefail
out=${1:-build-web}
dest=$out/imgui-src
work=$(realpath -m "$out/apt-src")
if [ -f "$dest/imgui.h" ] && grep -q '#define IMGUI_VERSION *"1.86"' "$dest/imgui.h"; then
  echo "imgui: 1.86 already in $dest"
  exit 0
fi
command -v dpkg-source >/dev/null || { echo "imgui: dpkg-source missing (dpkg-dev)" >&2; exit 1; }
mkdir -p "$work/sources.list.d" "$work/lists/partial" "$work/cache/archives/partial" "$work/dl"
cat >"$work/sources.list.d/debian-src.sources" <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
: >"$work/sources.list"  # an empty main list: /etc/apt/sources.list is not read
opts=(-o Dir::Etc::SourceList="$work/sources.list" -o Dir::Etc::SourceParts="$work/sources.list.d"
      -o Dir::State::Lists="$work/lists" -o Dir::Cache="$work/cache"
      -o APT::Sandbox::User=root -o Debug::NoLocking=1)
apt-get -qq "${opts[@]}" update
rm -rf "$work/dl"/imgui*
(cd "$work/dl" && apt-get -qq "${opts[@]}" source imgui=1.86+ds-1 >/dev/null)
src=$(find "$work/dl" -maxdepth 1 -mindepth 1 -type d -name 'imgui-*' | head -n1)
[ -f "$src/imgui.h" ] || { echo "imgui: no imgui.h in the source package" >&2; exit 1; }
rm -rf "$dest"
cp -a "$src" "$dest"
echo "imgui: $(grep -m1 '#define IMGUI_VERSION ' "$dest/imgui.h") in $dest"
