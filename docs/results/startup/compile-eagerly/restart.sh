#!/usr/bin/env bash
# restart a domain and time until its Pet Store answers 200
d=$1; port=$2
bin/deploy-tool stop-domain $d > /dev/null
t0=$(date +%s%N)
bin/deploy-tool start-domain $d > /dev/null
until [ "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:$port/petstore/)" = 200 ]; do sleep 0.02; done
t1=$(date +%s%N)
echo "$d $(( (t1-t0)/1000000 ))"
