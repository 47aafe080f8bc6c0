package dev.isola.appserver.split;

import dev.isola.appserver.SubServerRole;
import dev.isola.appserver.SubServers;
import dev.isola.appserver.ServerConfig;
import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.isolate.workloads.DurabilityLoad;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkClosedException;
import dev.isola.mvm.link.LinkMessage;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A domain isolate for the tests, in place of the domains module's: hosts a {@link SubServers}
 * with the roles its arguments name and obeys one-line commands on its startup links (from the
 * test, which plays the admin isolate: link 0 brings commands, link 1 takes answers). Links
 * to other isolates arrive as {@link LinkMessage.LinkTransfer}s after the command that uses them.
 *
 * <pre>
 *   deploy PATH | undeploy NAME | connect-ejb | serve-ejb | connect-jms | serve-jms   (the last four: two links follow, outgoing first)
 *   jms-send RUN EARLY ACKED HELD LATE PRODUCERS   persistent messages to queue "durable"; answers once the last send returned
 *   jms-drain COUNT                                receives from "durable": run/index:redelivered:deliveryCount,... extra=N
 * </pre>
 *
 * Arguments: domain roles(web,ejb,jms) data-dir work-dir.
 */
public final class SubServerHost {

    private static final List<Connection> held = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        EnumSet<SubServerRole> roles = EnumSet.noneOf(SubServerRole.class);
        Arrays.stream(args[1].split(",")).map(r -> SubServerRole.valueOf(r.toUpperCase())).forEach(roles::add);
        SubServers server = SubServers.start(ServerConfig.builder(Path.of(args[2]), Path.of(args[3])).domain(args[0]).roles(roles)
                .jmsDestination(DestinationConfig.queue("durable")).build());
        List<Link> links = Isolate.current().startupLinks();
        Link commands = links.get(0);
        Link answers = links.get(1);
        answers.send(LinkMessage.of("ready " + server.httpPort()));
        while (true) {
            String command;
            try {
                command = ((LinkMessage.Text) commands.receive()).text();
            } catch (LinkClosedException e) {
                server.stop();
                return;
            }
            String answer;
            try {
                answer = "ok " + run(server, command.split(" "), commands);
            } catch (Exception e) {
                answer = "error " + e.getClass().getName() + ": " + e.getMessage();
            }
            answers.send(LinkMessage.of(answer));
        }
    }

    private static String run(SubServers server, String[] c, Link commands) throws Exception {
        return switch (c[0]) {
            case "deploy" -> server.deploy(Path.of(c[1])).name();
            case "undeploy" -> {
                server.undeploy(c[1]);
                yield c[1];
            }
            case "connect-ejb" -> {
                server.connectEjb(pair(commands));
                yield "connected";
            }
            case "serve-ejb" -> {
                server.serveEjbClient(pair(commands));
                yield "serving";
            }
            case "connect-jms" -> {
                server.connectJms(pair(commands));
                yield "connected";
            }
            case "serve-jms" -> {
                server.serveJmsClient(pair(commands));
                yield "serving";
            }
            case "deployments" -> server.deployments().stream().map(d -> d.name()).toList().toString();
            case "jms-send" -> send(server.jmsConnectionFactory(), c[1], Integer.parseInt(c[2]), Integer.parseInt(c[3]), Integer.parseInt(c[4]),
                    Integer.parseInt(c[5]), Integer.parseInt(c[6]));
            case "jms-drain" -> drain(server.jmsConnectionFactory(), Integer.parseInt(c[1]));
            default -> throw new IllegalArgumentException("unknown command " + c[0]);
        };
    }

    private static LinkPair pair(Link commands) {
        Link outgoing = ((LinkMessage.LinkTransfer) commands.receive()).link();
        Link incoming = ((LinkMessage.LinkTransfer) commands.receive()).link();
        return new LinkPair(outgoing, incoming);
    }

    /** The durability load; the connection stays open (in {@code held}) so that the held messages stay held. */
    private static String send(ConnectionFactory factory, String run, int early, int acked, int held, int late, int producers) throws Exception {
        Connection connection = factory.createConnection();
        SubServerHost.held.add(connection);
        DurabilityLoad.Outcome outcome = DurabilityLoad.send(connection, run, early, acked, held, late, producers);
        return "acked=" + outcome.acked() + " held=" + outcome.held();
    }

    /** Takes {@code count} messages (one listener window), then looks for more: run/index:redelivered:count,... extra=N. */
    private static String drain(ConnectionFactory factory, int count) throws Exception {
        try (Connection connection = factory.createConnection()) {
            Session session = connection.createSession(Session.CLIENT_ACKNOWLEDGE);
            MessageConsumer consumer = session.createConsumer(session.createQueue("durable"));
            List<Message> got = new CopyOnWriteArrayList<>();
            CountDownLatch all = new CountDownLatch(count);
            consumer.setMessageListener(m -> {
                got.add(m);
                all.countDown();
            });
            connection.start();
            all.await(30, TimeUnit.SECONDS);
            connection.stop();
            consumer.setMessageListener(null);
            connection.start();
            int extra = 0;
            while (consumer.receive(200) != null) {
                extra++;
            }
            StringJoiner entries = new StringJoiner(",");
            for (Message m : got) {
                entries.add(m.getStringProperty("run") + "/" + m.getIntProperty("index") + ":" + m.getJMSRedelivered() + ":"
                        + m.getIntProperty("JMSXDeliveryCount"));
            }
            if (!got.isEmpty()) {
                got.getLast().acknowledge();
            }
            return entries + " extra=" + extra;
        }
    }
}
