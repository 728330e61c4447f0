#!/usr/bin/env bash
# The C and C++ libraries the web build compiles itself, from Debian's own source packages, into
# $1 (default build-web): Dear ImGui 1.86 (imgui 1.86+ds-1) into imgui-src, giflib (the GIF
# export's encoder) into giflib-src, zlib (the share link's raw DEFLATE) into zlib-src, and
# libqrencode (View > Show QR code) into qrencode-src. apt
# reads a private deb-src list with private lists and caches under $1/apt-src: the system's apt
# configuration, lists, caches and locks are never touched, and nothing of these libraries is
# committed. A source already there is kept.
set -euo pipefail
out=${1:-build-web}
work=$(realpath -m "$out/apt-src")
have_imgui=0 have_gif=0 have_zlib=0 have_qr=0
[ -f "$out/imgui-src/imgui.h" ] && grep -q '#define IMGUI_VERSION *"1.86"' "$out/imgui-src/imgui.h" &&
  have_imgui=1
[ -f "$out/giflib-src/egif_lib.c" ] && have_gif=1
[ -f "$out/zlib-src/inflate.c" ] && have_zlib=1
[ -f "$out/qrencode-src/qrencode.c" ] && have_qr=1
[ $have_imgui = 1 ] && echo "imgui: 1.86 already in $out/imgui-src"
[ $have_gif = 1 ] && echo "giflib: already in $out/giflib-src"
[ $have_zlib = 1 ] && echo "zlib: already in $out/zlib-src"
[ $have_qr = 1 ] && echo "qrencode: already in $out/qrencode-src"
[ $have_imgui = 1 ] && [ $have_gif = 1 ] && [ $have_zlib = 1 ] && [ $have_qr = 1 ] && exit 0
command -v dpkg-source >/dev/null || { echo "sources: dpkg-source missing (dpkg-dev)" >&2; exit 1; }
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

# Orig SPEC NAME: the source package's upstream tarball alone (NAME_*.orig.tar.*), checked against
# the SHA256 that apt's signed Sources index gives, unpacked into $work/dl. For a mirror that
# lacks the package's small Debian tarball (packaging only; qrencode's 4.1.1-1.debian.tar.xz
# answered 404 here): the library's code is the orig tarball's.
Orig() {
  local spec=$1 name=$2 line url file sum
  line=$(apt-get -qq "${opts[@]}" source --print-uris "$spec" | grep -E "'[^']*/${name}_[^']*\.orig\.tar\.[a-z0-9]+'" | head -n1)
  [ -n "$line" ] || { echo "sources: no orig tarball listed for $spec" >&2; return 1; }
  url=$(echo "$line" | awk '{print $1}' | tr -d "'") file=$(echo "$line" | awk '{print $2}')
  sum=$(echo "$line" | awk '{print $4}' | sed 's/^SHA256://')
  (cd "$work/dl" && { [ -f "$file" ] || curl -fsSL -o "$file" "$url"; } &&
    echo "$sum  $file" | sha256sum -c --quiet - && tar xf "$file")
}

# Fetch SPEC NAME DEST FILE: `apt-get source SPEC` (else its verified orig tarball, Orig), its
# folder NAME-* copied to DEST, which must then hold FILE.
Fetch() {
  local spec=$1 name=$2 dest=$3 file=$4 src
  rm -rf "${work:?}/dl/$name"-*/
  (cd "$work/dl" && apt-get -qq "${opts[@]}" source "$spec" >/dev/null) ||
    { echo "sources: apt-get source $spec failed; its orig tarball instead" >&2; Orig "$spec" "$name"; }
  src=$(find "$work/dl" -maxdepth 1 -mindepth 1 -type d -name "$name-*" | head -n1)
  [ -f "$src/$file" ] || { echo "sources: no $file in the $name source package" >&2; exit 1; }
  rm -rf "$dest"
  cp -a "$src" "$dest"
}
if [ $have_imgui = 0 ]; then
  Fetch imgui=1.86+ds-1 imgui "$out/imgui-src" imgui.h
  echo "imgui: $(grep -m1 '#define IMGUI_VERSION ' "$out/imgui-src/imgui.h") in $out/imgui-src"
fi
if [ $have_gif = 0 ]; then
  Fetch giflib giflib "$out/giflib-src" egif_lib.c
  echo "giflib: $(grep -E '^#define GIFLIB_(MAJOR|MINOR|RELEASE)' "$out/giflib-src/gif_lib.h" |
    awk '{print $3}' | paste -sd.) in $out/giflib-src"
fi
if [ $have_zlib = 0 ]; then
  Fetch zlib zlib "$out/zlib-src" inflate.c
  echo "zlib: $(grep -m1 '#define ZLIB_VERSION ' "$out/zlib-src/zlib.h" | awk '{print $3}') in $out/zlib-src"
fi
if [ $have_qr = 0 ]; then
  Fetch qrencode qrencode "$out/qrencode-src" qrencode.c
  echo "qrencode: $(grep -m1 -oE 'project\(QRencode VERSION [0-9.]+' "$out/qrencode-src/CMakeLists.txt" | awk '{print $3}') in $out/qrencode-src"
fi
