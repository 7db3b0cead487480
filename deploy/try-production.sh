#!/usr/bin/env bash
# The production recipe (README: Production), followed on this machine as root, then undone:
#   1. build (npm run build) in this checkout;
#   2. a copy of the code with production dependencies only (npm ci --omit=dev), owned by root
#      and read-only to the shop;
#   3. an unprivileged user (vapsolo) and its DATA_DIR (0700);
#   4. the shop started as that user with NODE_ENV=production on 127.0.0.1, first without
#      SEED_DEMO (no demo data may appear), then with SEED_DEMO=1 to have something to sell;
#   5. nginx with deploy/nginx/vapsolo.conf, a self-signed certificate (openssl), HTTP/2;
#   6. through https://127.0.0.1:<port>: register, sign in, add to the cart, order
#      (deploy/smoke-test.mjs), HTTP/2, compression, a forged X-Forwarded-For;
#   7. a backup as the service user, a restore refused while the shop runs;
#   8. SIGTERM stops the shop; nothing was written outside DATA_DIR; everything removed.
# Usage: sudo deploy/try-production.sh        (KEEP=1 keeps the temporary folder for a look)
set -euo pipefail

SRC="$(cd "$(dirname "$0")/.." && pwd)"
[ "$(id -u)" = 0 ] || { echo "Run as root (it creates a user and starts nginx)."; exit 1; }

need() { command -v "$1" >/dev/null 2>&1 || { echo "Installing $2…"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null; }; }
need nginx nginx
need openssl openssl
need curl curl
need runuser util-linux
# Brotli for nginx when the package exists (Debian 12 has it); gzip otherwise.
if [ ! -e /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-http-brotli-filter >/dev/null 2>&1 || echo "(no brotli module: gzip only)"
fi

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
SHOP_PORT=$(free_port)
HTTPS_PORT=$(free_port)
HTTP_PORT=$(free_port)
WORK=$(mktemp -d /tmp/vapsolo-production.XXXXXX)
chmod 755 "$WORK"
APP="$WORK/app"
DATA="$WORK/data"
BACKUPS="$WORK/backups"
CREATED_USER=""
SHOP_PID=""
NGINX_UP=""

cleanup() {
  status=$?
  [ -n "$SHOP_PID" ] && kill "$SHOP_PID" 2>/dev/null || true
  [ -n "$NGINX_UP" ] && nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" -s stop 2>/dev/null || true
  if [ "$status" != 0 ]; then
    echo "--- shop log"; tail -n 40 "$WORK/shop.log" 2>/dev/null || true
    echo "--- nginx error log"; tail -n 20 "$WORK/nginx/error.log" 2>/dev/null || true
  fi
  [ -n "$CREATED_USER" ] && userdel vapsolo 2>/dev/null || true
  if [ -z "${KEEP:-}" ]; then rm -rf "$WORK"; else echo "Kept $WORK"; fi
  [ "$status" = 0 ] && echo "PASSED: production recipe" || echo "FAILED (exit $status)"
}
trap cleanup EXIT

echo "== 1. build"
(cd "$SRC" && npm run build --silent)
BUILD="$(readlink -f "$SRC/build/current")"

echo "== 2. a copy with production dependencies only"
mkdir -p "$APP/build"
# The files git knows (committed or new), never node_modules, build output or data.
(cd "$SRC" && git ls-files -z --cached --others --exclude-standard \
  | grep -zvE '^(node_modules|build|data|e2e/artifacts)(/|$)' \
  | xargs -0 -I{} sh -c '[ -f "{}" ] && printf "%s\0" "{}"' \
  | tar --null -T - -cf -) | tar -xf - -C "$APP"
cp -a "$BUILD" "$APP/build/"
ln -s "$(basename "$BUILD")" "$APP/build/current"
# npm ci empties node_modules first: make sure it is this copy's own folder.
[ ! -e "$APP/node_modules" ] || { echo "node_modules came along with the copy"; exit 1; }
(cd "$APP" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
for tool in vite esbuild tsx typescript jest; do
  [ ! -e "$APP/node_modules/$tool" ] || { echo "$tool is installed in the production copy"; exit 1; }
done
chown -R root:root "$APP"
chmod -R go-w,go+rX "$APP"

echo "== 3. the service user and DATA_DIR"
if ! id vapsolo >/dev/null 2>&1; then
  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin vapsolo
  CREATED_USER=1
fi
install -d -o vapsolo -g vapsolo -m 0700 "$DATA" "$BACKUPS"
touch "$WORK/before-start"
sleep 1

ENV_FILE="$WORK/vapsolo.env"
cat > "$ENV_FILE" <<EOF
NODE_ENV=production
PORT=$SHOP_PORT
HOST=127.0.0.1
TRUST_PROXY=1
DATA_DIR=$DATA
PUBLIC_URL=https://127.0.0.1:$HTTPS_PORT
ADMIN_EMAIL=owner@example.org
ADMIN_PASSWORD=korab-planina-oblak-2026
BACKUP_DIR=$BACKUPS
EOF
chown root:vapsolo "$ENV_FILE"
chmod 0640 "$ENV_FILE"

start_shop() {
  # As systemd runs it (deploy/systemd/vapsolo.service): the service user, the env file, node
  # on the built server; the working directory is the read-only code.
  (cd "$APP" && exec runuser -u vapsolo -- env "$@" /usr/bin/env node --env-file="$ENV_FILE" "$APP/build/current/server/main.js") >>"$WORK/shop.log" 2>&1 &
  SHOP_PID=$!
  for _ in $(seq 1 150); do
    curl -sf "http://127.0.0.1:$SHOP_PORT/api/ready" >/dev/null 2>&1 && return 0
    kill -0 "$SHOP_PID" 2>/dev/null || { echo "the shop stopped while starting"; exit 1; }
    sleep 0.2
  done
  echo "the shop did not become ready"; exit 1
}
stop_shop() {
  kill -TERM "$SHOP_PID"
  for _ in $(seq 1 100); do kill -0 "$SHOP_PID" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$SHOP_PID" 2>/dev/null; then echo "SIGTERM did not stop the shop"; exit 1; fi
  SHOP_PID=""
}

echo "== 4. the shop as vapsolo, NODE_ENV=production"
start_shop
TOTAL=$(curl -s "http://127.0.0.1:$SHOP_PORT/api/products" | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).total ?? JSON.parse(s).products.length))")
[ "$TOTAL" = 0 ] || { echo "demo products appeared without SEED_DEMO: $TOTAL"; exit 1; }
echo "ok   no demo data without SEED_DEMO"
ss -ltn | grep -q "127.0.0.1:$SHOP_PORT " && echo "ok   listens on 127.0.0.1 only" || { echo "not listening on 127.0.0.1:$SHOP_PORT"; exit 1; }
grep -q "SMTP_URL is not set" "$WORK/shop.log" && echo "ok   start-up warning: no SMTP"
stop_shop
echo "ok   SIGTERM stops the shop"
start_shop SEED_DEMO=1
grep -q "Seeded the demo catalogue" "$WORK/shop.log" || { echo "SEED_DEMO=1 did not seed an empty catalogue"; exit 1; }

echo "== 5. nginx with TLS in front"
mkdir -p "$WORK/nginx/snippets"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1" \
  -keyout "$WORK/nginx/key.pem" -out "$WORK/nginx/cert.pem" 2>/dev/null
MODULE=""
if [ -e /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ]; then
  MODULE="load_module /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so;"
  cp "$SRC/deploy/nginx/vapsolo-brotli.conf" "$WORK/nginx/snippets/"
fi
sed -e "s|127.0.0.1:3000|127.0.0.1:$SHOP_PORT|" \
    -e "s|listen 80;|listen 127.0.0.1:$HTTP_PORT;|; /listen \[::\]:80;/d" \
    -e "s|listen 443 ssl http2;|listen 127.0.0.1:$HTTPS_PORT ssl http2;|; /listen \[::\]:443/d" \
    -e "s|/etc/letsencrypt/live/shop.example.bg/fullchain.pem|$WORK/nginx/cert.pem|" \
    -e "s|/etc/letsencrypt/live/shop.example.bg/privkey.pem|$WORK/nginx/key.pem|" \
    -e "s|/etc/nginx/snippets/|$WORK/nginx/snippets/|" \
    -e "s|shop.example.bg|127.0.0.1|g" \
    "$SRC/deploy/nginx/vapsolo.conf" > "$WORK/nginx/site.conf"
cat > "$WORK/nginx/nginx.conf" <<EOF
$MODULE
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log $WORK/nginx/access.log;
  client_body_temp_path $WORK/nginx/body;
  proxy_temp_path $WORK/nginx/proxy;
  include $WORK/nginx/site.conf;
}
EOF
nginx -t -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" 2>&1 | tail -1
nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx"
NGINX_UP=1
BASE="https://127.0.0.1:$HTTPS_PORT"

echo "== 6. a shopper through https"
NODE_EXTRA_CA_CERTS="$WORK/nginx/cert.pem" node "$SRC/deploy/smoke-test.mjs" "$BASE"
C="curl -s --cacert $WORK/nginx/cert.pem"
[ "$($C -o /dev/null -w '%{http_version}' --http2 "$BASE/")" = 2 ] && echo "ok   HTTP/2" || { echo "FAIL HTTP/2"; exit 1; }
ENC=$($C -o /dev/null -D - -H 'Accept-Encoding: gzip' "$BASE/api/products?limit=50" | tr -d '\r' | awk -F': ' 'tolower($1)=="content-encoding"{print $2}')
[ "$ENC" = gzip ] && echo "ok   API answers compressed (gzip)" || { echo "FAIL compression: '$ENC'"; exit 1; }
if [ -n "$MODULE" ]; then
  ENC=$($C -o /dev/null -D - -H 'Accept-Encoding: br' "$BASE/api/products?limit=50" | tr -d '\r' | awk -F': ' 'tolower($1)=="content-encoding"{print $2}')
  [ "$ENC" = br ] && echo "ok   API answers compressed (brotli)" || { echo "FAIL brotli: '$ENC'"; exit 1; }
fi
[ "$($C -o /dev/null -w '%{http_code}' "http://127.0.0.1:$HTTP_PORT/products")" = 301 ] && echo "ok   plain HTTP redirects to HTTPS"

echo "== 7. backup while running; restore refused while running"
runuser -u vapsolo -- node --env-file="$ENV_FILE" "$APP/build/current/server/cli.js" backup
ARCHIVE=$(ls "$BACKUPS"/vapsolo-*.tar.gz | head -1)
[ "$(stat -c %a "$ARCHIVE")" = 600 ] && echo "ok   backup archive is 0600"
if runuser -u vapsolo -- node --env-file="$ENV_FILE" "$APP/build/current/server/cli.js" restore "$ARCHIVE" 2>"$WORK/restore.err"; then
  echo "FAIL restore ran while the shop was running"; exit 1
fi
grep -q "The shop is running" "$WORK/restore.err" && echo "ok   restore refused while the shop runs: $(head -1 "$WORK/restore.err")"

echo "== 8. stop; only DATA_DIR written"
stop_shop
echo "ok   SIGTERM stops the shop"
runuser -u vapsolo -- node --env-file="$ENV_FILE" "$APP/build/current/server/cli.js" restore "$ARCHIVE"
WRITTEN=$(find "$APP" -newer "$WORK/before-start" | head -5)
[ -z "$WRITTEN" ] && echo "ok   nothing written in the code folder" || { echo "FAIL written in the code folder: $WRITTEN"; exit 1; }
PERMS=$(stat -c '%a %n' "$DATA" "$DATA/shop.sqlite3" "$DATA/app-keys" "$DATA/uploads")
echo "$PERMS" | awk '$1!="700" && $1!="600"{bad=1; print "FAIL mode " $0} END{exit bad}' && echo "ok   DATA_DIR files 0600, folders 0700"
