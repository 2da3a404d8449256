#!/usr/bin/env bash
# One whole tus upload by curl: the creation, then the bytes in one PATCH. Fails unless the server
# answers 204 (the asset exists). Usage: tusUpload.sh <base-url> <cookie> <project-id> <file> [name]
set -euo pipefail
base_url=$1 cookie=$2 project_id=$3 file=$4 name=${5:-$(basename "$4")}
size=$(stat -c %s "$file")
metadata="filename $(printf %s "$name" | base64 -w0),project_id $(printf %s "$project_id" | base64 -w0)"
location=$(curl -s -o /dev/null -w '%{http_code} %header{location}' -X POST \
  -H 'Tus-Resumable: 1.0.0' -H "Cookie: $cookie" -H "Upload-Length: $size" \
  -H "Upload-Metadata: $metadata" "$base_url/api/v1/uploads")
[ "${location%% *}" = 201 ] || { echo "creation of $name: $location" >&2; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' -X PATCH -H 'Tus-Resumable: 1.0.0' \
  -H "Cookie: $cookie" -H 'Upload-Offset: 0' -H 'Content-Type: application/offset+octet-stream' \
  -H 'Expect:' -T "$file" "$base_url${location#* }")
[ "$status" = 204 ] || { echo "upload of $name: $status" >&2; exit 1; }
