// The share link's codec (core/link): raw DEFLATE both ways (zlib), base64url, the "#s=...&t=..."
// fragment, and links that are damaged, cut short or too large; a link the hand-written codec of
// earlier builds wrote still opens, and a "bomb" stops at the cap.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "core/link/deflate.h"
#include "core/link/share_text.h"

#ifdef SCANVIZ_TEST_ZLIB
#include <zlib.h>
#endif

namespace scanviz::link {
namespace {

std::string RandomBytes(std::size_t n, unsigned seed, int alphabet) {
  std::mt19937 rng(seed);
  std::string s(n, '\0');
  for (char& c : s) c = static_cast<char>(rng() % static_cast<unsigned>(alphabet));
  return s;
}

const std::string kSessionLike =
    R"({"format":"scanviz-session","version":2,"input":"3,1,7,0,4,1,6,3","type":"int32",)"
    R"("op":"add","algorithm":"blelloch","round":2,"theme":"light","panel":"narration"})";

TEST(Deflate, RoundTripsTextEmptyAndRandomBytes) {
  for (const std::string& s :
       {std::string(), std::string("a"), kSessionLike, std::string(100000, 'x'),
        RandomBytes(70000, 1, 256), RandomBytes(5000, 2, 4), RandomBytes(3, 3, 256)}) {
    const Inflated back = Inflate(Deflate(s), s.size() + 1);
    ASSERT_TRUE(back.data) << back.error;
    EXPECT_EQ(*back.data, s);
  }
}

TEST(Deflate, CompressesRepetitiveTextAndStoresNoise) {
  EXPECT_LT(Deflate(std::string(10000, 'a')).size(), 200u);
  const std::string noise = RandomBytes(1000, 4, 256);
  EXPECT_LE(Deflate(noise).size(), noise.size() + 5);  // one stored block at worst
}

TEST(Inflate, RefusesCutShortDamagedAndTooLargeStreams) {
  const std::string packed = Deflate(kSessionLike);
  for (std::size_t n = 0; n < packed.size(); ++n) {
    const Inflated cut = Inflate(packed.substr(0, n), 1 << 20);
    EXPECT_FALSE(cut.data) << "cut at " << n;
    EXPECT_FALSE(cut.error.empty());
  }
  EXPECT_FALSE(Inflate(std::string("\x07", 1), 100).data);  // block type 3
  const Inflated big = Inflate(Deflate(std::string(5000, 'z')), 4999);
  EXPECT_FALSE(big.data);
  EXPECT_EQ(big.error, "it expands past 4 KiB");
  EXPECT_TRUE(Inflate(Deflate(std::string(5000, 'z')), 5000).data);  // exactly at the cap
  std::string stored = Deflate(RandomBytes(1000, 5, 256));
  ASSERT_EQ(stored[0], 1);  // a stored block: its length's complement damaged below
  stored[3] = static_cast<char>(stored[3] ^ 1);
  const Inflated damaged = Inflate(stored, 2000);
  EXPECT_FALSE(damaged.data);
  EXPECT_EQ(damaged.error.rfind("its compressed text is damaged (", 0), 0u) << damaged.error;
  const Inflated extra = Inflate(Deflate("abc") + "junk", 100);  // bytes after the stream's end
  EXPECT_FALSE(extra.data);
  EXPECT_FALSE(extra.error.empty());
}

// 64 MiB of zeros packs into about 64 KiB: inflating it stops at the cap, with one line.
TEST(Inflate, StopsABombAtTheCap) {
  const std::string bomb = Deflate(std::string(64u << 20, '\0'));
  ASSERT_LT(bomb.size(), 100u * 1024);
  const Inflated out = Inflate(bomb, kMaxSessionBytes);
  EXPECT_FALSE(out.data);
  EXPECT_EQ(out.error, "it expands past 256 KiB");
}

// Written by the hand-written codec (fixed-Huffman blocks, greedy matches) of earlier builds,
// before zlib: a link a teacher copied then still opens.
TEST(ShareLink, ALinkTheOldCodecWroteStillOpens) {
  const std::string old =
      "http://127.0.0.1:8023/#"
      "s=q1ZKyy_KTSxRslIqTk7MK8us0i1OLS7OzM9T0lEqSy0Cs6yMdJQy8wpKQaqMFQwVzBUMFEyAtJmCsY"
      "IpEBopWAJVl1QWpAIVZOaVGBsBufkFQE5iSgqQmZiTnl-UWZKRCxRJyknNyclPzgAKF-WX5qWADU_Ozw"
      "PaBTQ-LTGnOFVHqTg1FShhDnRBZmq5klW1UnFmSmp8UmU8iIarKkjMLFKyilbKyMzJySzWLS5JTc1JBZ"
      "oLtyIW6Iq8nMr45NKiotQ8oPElRaVAfcn5OflFINOSE4sRppVkpOaC3J-TmZ5RAjSlIDEvNQfIz0ssKk"
      "osgQRIWmZ6aVFqPDCkgBZZGeoZmdbqKOWW5pRkxicBbcwGOzUjvxwYZFBTwcLxyAGA6VqQiuLMKqCJJk"
      "Cvl6QCA07XEGhwYkFBTmYyxG4Mg4GSQMOS83MLEpNBzs1OBelTygcHeFIm0LMGwBBOTMmsiAfyisFcJL"
      "NLMnNTczLzgHaiG1ySmQP0Idg5FlBeflFKKjCkIU7NTKkA2gAM0uJ8oBjQsFoA";
  const SharedText t = DecodeLink(old);
  ASSERT_TRUE(t.found);
  ASSERT_EQ(t.error, "");
  EXPECT_EQ(
      t.session_json.rfind(R"({"format":"scanviz-session","version":2,"input":"3 1 7 0 4 1)", 0),
      0u)
      << t.session_json;
  EXPECT_NE(t.session_json.find(R"("panel":"narration","figure_scale":1.25})"), std::string::npos);
  EXPECT_EQ(t.session_json.back(), '}');
}

#ifdef SCANVIZ_TEST_ZLIB
std::string ZlibRaw(const std::string& s) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(compressBound(static_cast<uLong>(s.size())) + 16, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(s.data()));
  z.avail_in = static_cast<uInt>(s.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::string ZlibInflateRaw(const std::string& packed, std::size_t size) {
  z_stream z{};
  EXPECT_EQ(inflateInit2(&z, -15), Z_OK);
  std::string out(size, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data()));
  z.avail_in = static_cast<uInt>(packed.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(inflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  inflateEnd(&z);
  return out;
}

TEST(Deflate, AgreesWithZlibBothWays) {
  for (const std::string& s : {kSessionLike, std::string(40000, 'q') + kSessionLike,
                               RandomBytes(20000, 6, 16), RandomBytes(300, 7, 256)}) {
    EXPECT_EQ(ZlibInflateRaw(Deflate(s), s.size()), s);
    const Inflated ours = Inflate(ZlibRaw(s), s.size());  // zlib writes dynamic blocks
    ASSERT_TRUE(ours.data) << ours.error;
    EXPECT_EQ(*ours.data, s);
  }
}
#endif

TEST(Base64Url, RoundTripsEveryLengthAndRefusesOtherText) {
  for (std::size_t n = 0; n < 40; ++n) {
    const std::string bytes = RandomBytes(n, static_cast<unsigned>(n), 256);
    const std::string text = Base64UrlEncode(bytes);
    EXPECT_EQ(text.find_first_of("+/="), std::string::npos);
    EXPECT_EQ(Base64UrlDecode(text), bytes);
  }
  EXPECT_EQ(Base64UrlEncode("hi?"), "aGk_");
  EXPECT_FALSE(Base64UrlDecode("ab+c"));
  EXPECT_FALSE(Base64UrlDecode("abcde"));  // 4k+1 characters are never whole bytes
}

TEST(ShareLink, RoundTripsThroughAnyAddressOrNone) {
  const std::string fragment = EncodeFragment(kSessionLike, "example-blelloch-h200.json");
  for (const std::string& link :
       {"https://example.org/scanviz/#" + fragment, "file:///tmp/site/index.html#" + fragment,
        "#" + fragment, "http://127.0.0.1:8023/#" + fragment + "\n"}) {
    const SharedText t = DecodeLink(link);
    EXPECT_TRUE(t.found);
    EXPECT_EQ(t.error, "");
    EXPECT_EQ(t.session_json, kSessionLike);
    EXPECT_EQ(t.trace_ref, "example-blelloch-h200.json");
  }
  EXPECT_EQ(DecodeLink(std::string("#").append(EncodeFragment(kSessionLike))).trace_ref, "");
  EXPECT_EQ(DecodeLink(std::string("#").append(EncodeFragment(kSessionLike, kNoTrace))).trace_ref,
            kNoTrace);
}

TEST(ShareLink, TextWithoutAFragmentIsNoLink) {
  for (const char* text : {"", "https://example.org/", "/home/me/lecture.scanviz", "#t=x", "#ss=1"})
    EXPECT_FALSE(DecodeLink(text).found) << text;
}

// Issue #38, finding 4: a file's name holding "s=" is no link; only "#s=..." or an address with a
// scheme before its "#s=" is.
TEST(ShareLink, AFileNameHoldingSEqualsIsNoLink) {
  const std::string fragment = EncodeFragment(kSessionLike);
  for (const std::string& name :
       {std::string("s=hs8.json"), std::string("lecture#s=1.json"), std::string("a&s=b.json"),
        std::string("notes/#s=x.json"), std::string("./#") + fragment, fragment,
        "lecture.scanviz#" + fragment, "1http://host/#" + fragment, "://host/#" + fragment,
        "https://host/#t=x&" + fragment})
    EXPECT_FALSE(DecodeLink(name).found) << name.substr(0, 60);
  for (const std::string& link :
       {"#" + fragment, "https://example.org/a/b?c=d#" + fragment,
        "file:///tmp/site/index.html#" + fragment, "http://127.0.0.1:8023/#" + fragment + "&t=-"})
    EXPECT_TRUE(DecodeLink(link).found) << link.substr(0, 60);
}

TEST(ShareLink, BadLinksSayOneLineWhy) {
  const std::string fragment = EncodeFragment(kSessionLike);
  // Built by appending: GCC 12 misreports "..." + std::string&& as an overlapping memcpy.
  const std::string cut = std::string("#").append(fragment, 0, fragment.size() / 2);
  for (const std::string& bad :
       {cut, std::string("#s="), std::string("#s=!!!!"), std::string("#s=AAAA"),
        "#" + fragment + "&t=../../etc/passwd", std::string("#s=").append(kMaxLinkChars, 'A')}) {
    const SharedText t = DecodeLink(bad);
    EXPECT_TRUE(t.found) << bad.substr(0, 40);
    EXPECT_EQ(t.error.rfind("this link does not open: ", 0), 0u) << t.error;
    EXPECT_EQ(t.error.find('\n'), std::string::npos);
    EXPECT_TRUE(t.session_json.empty());
  }
}

}  // namespace
}  // namespace scanviz::link
