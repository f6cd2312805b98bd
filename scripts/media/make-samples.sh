#!/usr/bin/env bash
# Regenerates the demo seed media in server/sandbox/seed/media/ and the image fixtures in
# test/support/media/fixtures/. Needs ffmpeg + ffprobe (with libx264, libfreetype, libwebp) and
# the DejaVu fonts (Debian: apt-get install ffmpeg fonts-dejavu-core). Run by hand, never by CI:
# the outputs are committed and the sandbox/tests only read them.
#
#   scripts/media/make-samples.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/server/sandbox/seed/media"
FIXTURES="$ROOT/test/support/media/fixtures"
FONT="${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}"
W=540
H=960

command -v ffmpeg >/dev/null || { echo "ffmpeg is required" >&2; exit 1; }
[[ -f "$FONT" ]] || { echo "font not found: $FONT (install fonts-dejavu-core or set FONT)" >&2; exit 1; }
mkdir -p "$OUT" "$FIXTURES"
rm -f "$OUT"/*.mp4 "$OUT"/*.jpg "$OUT"/*.png "$OUT"/*.vtt "$OUT"/manifest.json

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# Title card text laid over any background: product name, price line, soft fades.
overlay() { # title price duration
  local fade_out
  fade_out=$(awk "BEGIN { print $3 - 0.6 }")
  printf '%s' \
    "drawtext=fontfile=$FONT:text='$1':fontsize=42:fontcolor=white:x=(w-text_w)/2:y=h*0.70" \
    ":box=1:boxcolor=black@0.4:boxborderw=18:shadowcolor=black@0.5:shadowx=2:shadowy=2," \
    "drawtext=fontfile=$FONT:text='$2':fontsize=30:fontcolor=white@0.92:x=(w-text_w)/2:y=h*0.70+84," \
    "fade=t=in:d=0.5,fade=t=out:st=$fade_out:d=0.6,format=yuv420p"
}

# A soft major chord so clips with audio sound like a product jingle rather than a test tone.
chord() { # root_hz duration
  local r=$1 d=$2
  printf '%s' "aevalsrc='0.10*sin(2*PI*$r*t)+0.07*sin(2*PI*$r*1.26*t)+0.06*sin(2*PI*$r*1.498*t)'" \
    ":s=48000:d=$d,afade=t=in:d=0.4,afade=t=out:st=$(awk "BEGIN { print $d - 0.8 }"):d=0.8"
}

make_clip() { # slug title price duration profile root_hz|silent background_filter
  local slug=$1 title=$2 price=$3 duration=$4 profile=$5 audio=$6 background=$7
  local video="$OUT/$slug.mp4"
  local audio_args=(-an)
  local audio_input=()
  if [[ "$audio" != silent ]]; then
    audio_input=(-f lavfi -i "$(chord "$audio" "$duration")")
    audio_args=(-c:a aac -b:a 40k -ac 1)
  fi
  # One x264 thread: threaded rate control is not bit-exact, and reruns should not churn git.
  ff -f lavfi -i "$background" "${audio_input[@]}" -t "$duration" \
    -vf "$(overlay "$title" "$price" "$duration")" \
    -c:v libx264 -threads 1 -profile:v "$profile" -preset slow -crf 27 -maxrate 200k -bufsize 400k \
    -r 30 -g 60 -pix_fmt yuv420p "${audio_args[@]}" \
    -metadata title="$title" -movflags +faststart "$video"
  ff -ss 1.5 -i "$video" -frames:v 1 -q:v 6 "$OUT/$slug.jpg"
}

make_clip clip-01-aurora-sneakers 'Aurora Sneakers' '$89 · Tap to shop' 6 main 220 \
  "gradients=s=${W}x${H}:r=30:c0=0x12c2e9:c1=0xc471ed:c2=0xf64f59:n=3:speed=0.015:seed=7:type=linear"
make_clip clip-02-ceramic-mug 'Ceramic Mug' '$24 · Handmade' 5 main 262 \
  "mandelbrot=s=${W}x${H}:rate=30:start_scale=2.5:end_scale=0.6:outer=normalized_iteration_count,hue=h=-70:s=0.75"
make_clip clip-03-linen-tote 'Linen Tote' '$36 · New colors' 7 baseline silent \
  "life=s=36x64:seed=11:r=3:ratio=0.3:mold=25:life_color=0xf4d35e:death_color=0x264653:mold_color=0x2a9d8f,scale=${W}:${H},fps=30,tmix=frames=10,gblur=sigma=14"
make_clip clip-04-glow-serum 'Glow Serum' '$42 · Limited drop' 4 main 294 \
  "gradients=s=${W}x${H}:r=30:c0=0xff9a8b:c1=0xff6a88:c2=0xffd3a5:n=3:speed=0.02:seed=7:type=radial"
make_clip clip-05-studio-headphones 'Studio Headphones' '$129 · Free shipping' 7.5 main 196 \
  "cellauto=s=54x96:seed=13:rule=30:rate=6:scroll=1:random_fill_ratio=0.5,scale=${W}:${H}:flags=neighbor,fps=30,tmix=frames=5,lutrgb=r='val*0.45+14':g='val*0.7+30':b='val*0.75+70',gblur=sigma=5"
make_clip clip-06-desk-lamp 'Desk Lamp' '$58 · Warm light' 6 main 247 \
  "sierpinski=s=${W}x${H}:seed=17:rate=30:type=triangle,lutrgb=r='val*0.95+20':g='val*0.7+12':b='val*0.3+10',gblur=sigma=1.2"
make_clip clip-07-trail-backpack 'Trail Backpack' '$74 · Waterproof' 7 baseline silent \
  "gradients=s=${W}x${H}:r=30:c0=0x134e5e:c1=0x71b280:c2=0xe9d758:n=3:speed=0.012:seed=7:type=spiral"
make_clip clip-08-coffee-beans 'Coffee Beans' '$18 · Single origin' 5 main 175 \
  "gradients=s=${W}x${H}:r=30:c0=0x3e2723:c1=0x8d6e63:c2=0xd7ccc8:n=3:speed=0.018:seed=7:type=circular"

# Posters: portrait in both JPEG and PNG, plus the square and widescreen shapes sellers upload.
poster() { # file size background title subtitle [encoder args...]
  local file=$1 size=$2 background=$3 title=$4 subtitle=$5
  shift 5
  ff -f lavfi -i "$background" -frames:v 1 -vf \
    "drawtext=fontfile=$FONT:expansion=none:text='$title':fontsize=44:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2-30:shadowcolor=black@0.4:shadowx=2:shadowy=2,drawtext=fontfile=$FONT:expansion=none:text='$subtitle':fontsize=26:fontcolor=white@0.9:x=(w-text_w)/2:y=(h-text_h)/2+34" \
    "$@" "$OUT/$file"
}
poster poster-portrait.jpg ${W}x${H} \
  "gradients=s=${W}x${H}:c0=0x667eea:c1=0xf093fb:n=2:seed=3:x0=0:y0=0:x1=540:y1=960:type=linear" \
  'Spring Collection' 'New arrivals every week' -q:v 5
poster poster-portrait.png ${W}x${H} \
  "color=c=0xff7a59:s=${W}x${H},drawbox=x=40:y=40:w=460:h=880:color=0xffd166:t=14,drawbox=x=120:y=600:w=300:h=8:color=white:t=fill" \
  'Summer Sale' 'Up to 30% off' -pix_fmt rgb24 -compression_level 9
poster poster-square.jpg 720x720 \
  "gradients=s=720x720:c0=0x11998e:c1=0x38ef7d:n=2:seed=5:type=radial" \
  'Bestsellers' 'Loved by 10k shoppers' -q:v 5
poster poster-wide.jpg 960x540 \
  "gradients=s=960x540:c0=0xfc5c7d:c1=0x6a82fb:n=2:seed=3:x0=0:y0=0:x1=960:y1=540:type=linear" \
  'Live Shopping Friday' 'Join us at 7 pm' -q:v 5

cat >"$OUT/clip-01-aurora-sneakers.en.vtt" <<'VTT'
WEBVTT

00:00:00.500 --> 00:00:02.200
Meet the Aurora Sneakers.

00:00:02.200 --> 00:00:04.200
Breathable knit for all-day comfort.

00:00:04.200 --> 00:00:05.900
Tap the product card to shop – $89.
VTT

# Tiny odd-sized images in every format imageSize() reads, to catch off-by-one header parsing.
tiny() { ff -f lavfi -i "testsrc2=s=33x17:d=1,format=rgb24" -frames:v 1 "$@"; }
tiny -vf format=bgr24 -c:v libwebp -lossless 0 "$FIXTURES/tiny-lossy.webp"
tiny -c:v libwebp -lossless 1 "$FIXTURES/tiny-lossless.webp"
tiny -vf format=bgra,colorchannelmixer=aa=0.5 -c:v libwebp -lossless 0 "$FIXTURES/tiny-alpha.webp"
tiny "$FIXTURES/tiny.gif"
tiny -q:v 5 "$FIXTURES/tiny.jpg"
tiny "$FIXTURES/tiny.png"

(cd "$ROOT" && npx tsx scripts/media/write-manifest.ts "$OUT")
du -ch "$OUT"/* | tail -1
