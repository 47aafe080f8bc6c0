#!/bin/bash
interval=$1
d=/tmp/adm-$interval; rm -rf $d; mkdir -p $d
export ISOLA_ADMIN_PASSWORD=measure-password
port=$((4900 + interval))
bin/appserver start --domains-dir=$d/domains --port $port --autodeploy-interval $interval > $d/start.log 2>&1
apid=$(grep -o "started (pid [0-9]*" $d/start.log | grep -o "[0-9]*$")
bin/deploy-tool --url http://127.0.0.1:$port --domains-dir=$d/domains create-domain m --port $((8900+interval)) --start > $d/create.log 2>&1
sleep 75
dpid=$(bin/appserver status --domains-dir=$d/domains --port $port | awk '$1=="m" && $5 ~ /^[0-9]+$/ {print $5}')
a=$(awk '/^Pss:/{print $2}' /proc/$apid/smaps_rollup); dm=$(awk '/^Pss:/{print $2}' /proc/$dpid/smaps_rollup)
echo "interval=$interval admin_pid=$apid admin_pss_kb=$a domain_pid=$dpid domain_pss_kb=$dm"
bin/appserver stop --domains-dir=$d/domains --port $port > /dev/null 2>&1
