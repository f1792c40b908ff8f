#!/usr/bin/env bash
# MDN HTTP Observatory against the server as it would be deployed: behind the TLS front
# of docs/DEPLOY.md (deploy/nginx/fagfolk.conf with a self-signed certificate trusted for
# this run), which redirects port 80 to 443.
# Needs root (ports 80 and 443), nginx, openssl and npm. Prints the grade and each test.
# Usage: scripts/observatory.sh   (under CI, where CI is set, it fails rather than skips
# when it cannot run: a gate that quietly stops running is no gate)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" != 0 ] || ss -ltn 2>/dev/null | grep -qE '127\.0\.0\.1:(80|443) |\*:(80|443) |0\.0\.0\.0:(80|443) '; then
  echo "observatory: kan ikke kjøre (trenger root og ledige porter 80 og 443)"
  [ -z "${CI:-}" ] || exit 1
  echo "observatory: hoppet over utenfor CI"
  exit 0
fi
WORK="$(mktemp -d)"
APP_PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
NGINX_PID=""
trap 'kill $NGINX_PID 2>/dev/null || true; rm -rf "$WORK"' EXIT

if [ ! -x "$HOME/.cache/fagfolk/observatory/node_modules/.bin/mdn-http-observatory-scan" ]; then
  rm -rf "$HOME/.cache/fagfolk/observatory" && mkdir -p "$HOME/.cache/fagfolk/observatory"
  (cd "$HOME/.cache/fagfolk/observatory" && npm init -y >/dev/null &&
    npm install --ignore-scripts --no-audit --no-fund @mdn/mdn-http-observatory@1.4.8 >/dev/null)
fi
SCANNER="$HOME/.cache/fagfolk/observatory/node_modules"
echo '{}' >"$SCANNER/@mdn/mdn-http-observatory/conf/hsts-preload.json"

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
# The site file a firm installs (deploy/nginx/fagfolk.conf), pointed at this run's
# certificate, port and files; everything else as shipped.
sed -e "s|fagfolk.example.no|localhost|g" \
  -e "s|/etc/letsencrypt/live/localhost/fullchain.pem|$WORK/cert.pem|" \
  -e "s|/etc/letsencrypt/live/localhost/privkey.pem|$WORK/key.pem|" \
  -e "s|include /etc/nginx/fagfolk-proxy.conf|include $PWD/deploy/nginx/fagfolk-proxy.conf|" \
  -e "s|server 127.0.0.1:8080 |server 127.0.0.1:$APP_PORT |" -e "/server 127.0.0.1:8081 /d" \
  -e "s|listen 80;|listen 127.0.0.1:80;|" -e "s|listen 443 |listen 127.0.0.1:443 |" \
  -e "s|root /var/www/html|root $WORK|" -e "s|/var/log/nginx/access.log|$WORK/access.log|" \
  deploy/nginx/fagfolk.conf >"$WORK/fagfolk.conf"
grep -q "127.0.0.1:$APP_PORT" "$WORK/fagfolk.conf" && grep -q "$WORK/cert.pem" "$WORK/fagfolk.conf" ||
  { echo "observatory: deploy/nginx/fagfolk.conf har endret form; oppdater sed-linjene her" >&2; exit 1; }
cat >"$WORK/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $WORK/nginx.pid;
error_log stderr error;
$( [ "$(id -u)" = 0 ] && echo "user root;" )
events {}
http {
  access_log off;
  client_body_temp_path $WORK; proxy_temp_path $WORK; fastcgi_temp_path $WORK; uwsgi_temp_path $WORK; scgi_temp_path $WORK;
  include $WORK/fagfolk.conf;
}
CONF
"$(command -v nginx || echo /usr/sbin/nginx)" -c "$WORK/nginx.conf" &
NGINX_PID=$!
export FAGFOLK_PUBLIC_URL=https://localhost
# The scanner's wrapper points NODE_EXTRA_CA_CERTS at its own bundle file (normally
# downloaded by an install script that cannot run here): put this run's certificate there.
BUNDLE="$SCANNER/node_extra_ca_certs_mozilla_bundle/ca_bundle"
mkdir -p "$BUNDLE" && cp "$WORK/cert.pem" "$BUNDLE/ca_intermediate_bundle.pem"
PORT=$APP_PORT scripts/with-server.sh sh -c "
  sleep 0.5
  '$SCANNER/.bin/mdn-http-observatory-scan' localhost 2>/dev/null > '$WORK/scan.json'
  curl -sk -o /dev/null 'https://localhost/kontakt?name=Kari+Nordmann&email=kari%40example.no'
"
# The access log names paths without their query strings (deploy/nginx/fagfolk.conf).
grep -q 'GET /kontakt HTTP' "$WORK/access.log" ||
  { echo "observatory: forespørselen til /kontakt står ikke i tilgangsloggen" >&2; exit 1; }
if grep -qi 'kari' "$WORK/access.log"; then
  echo "observatory: tilgangsloggen har med spørrestrengen, og personopplysninger med den" >&2; exit 1
fi
node -e "
const r = require('$WORK/scan.json');
console.log('Grade', r.scan.grade, 'score', r.scan.score, '(' + r.scan.testsPassed + '/' + r.scan.testsQuantity + ' tests passed)');
for (const [name, test] of Object.entries(r.tests)) console.log((test.pass ? 'ok  ' : 'FEIL') + ' ' + name + ': ' + test.result);
process.exit(r.scan.grade === 'A+' ? 0 : 1);
"
