#!/bin/bash
# restart demo domain, run workload, report PSS and ecj class count
cd /work/main; export ISOLA_DOMAINS_DIR=/tmp/exp/domains
bin/deploy-tool stop-domain demo >/dev/null; rm -f /tmp/cl.log; bin/deploy-tool start-domain demo >/dev/null
jar=/tmp/cj.$$; rm -f $jar
for r in $(seq 1 10); do for p in "" "category?id=FISH" "product?id=FI-KOI" "item?id=I-1005" "search?q=retriever" "cart" "signon"; do curl -s -b $jar -c $jar -o /dev/null -w "%{http_code} " "http://127.0.0.1:8080/petstore/$p"; done; curl -s -b $jar -c $jar -o /dev/null -d "action=add&itemId=I-1005&quantity=1" http://127.0.0.1:8080/petstore/cart; done > /tmp/codes.txt
sleep 2
pid=$(pgrep -f "class\+load")
echo "non200=$(tr ' ' '\n' < /tmp/codes.txt | grep -v '^$' | grep -vc 200) pss=$(awk '/^Pss:/{print $2}' /proc/$pid/smaps_rollup) ecj=$(grep -c ecj /tmp/cl.log) nonshared=$(grep -vc 'shared objects' /tmp/cl.log)"
