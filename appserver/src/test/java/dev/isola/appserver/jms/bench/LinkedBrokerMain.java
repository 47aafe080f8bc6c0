package dev.isola.appserver.jms.bench;

import dev.isola.appserver.jms.config.DestinationConfig;
import dev.isola.appserver.jms.config.JmsConfig;
import dev.isola.appserver.jms.container.JmsSubServer;
import dev.isola.appserver.jms.link.JmsLinkService;
import dev.isola.appserver.tx.LocalTransactionManager;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkMessage;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The benchmark's JMS isolate: our broker (the JMS sub-server, store in the directory its one
 * argument names, queue {@value BenchProvider#QUEUE}) serving the client at the other end of its
 * startup links (0: from the client, 1: to it), as the JMS isolate of a separated domain does.
 * Link 2 takes one "ready" line; the isolate runs until the client's links close.
 */
public final class LinkedBrokerMain {

    public static void main(String[] args) {
        JmsSubServer broker = JmsSubServer.start(JmsConfig.defaults().withDestination(DestinationConfig.queue(BenchProvider.QUEUE)),
                Path.of(args[0]), new LocalTransactionManager(Duration.ofMinutes(5)));
        List<Link> links = Isolate.current().startupLinks();
        JmsLinkService service = JmsLinkService.serve(broker, new LinkPair(links.get(1), links.get(0)));
        links.get(2).send(LinkMessage.of("ready"));
        service.onStop().join();
        broker.stop();
    }
}
