package dev.isola.admin.supervise;

import dev.isola.domains.DomainsRoot;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.IsolateRegistry;

import java.nio.file.Path;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What every {@link DomainRuntime} of one supervisor shares.
 *
 * @param image    the image every domain isolate starts from
 * @param mvmHome  the mvm home the isolates are registered in
 * @param registry that home's registry, to find isolates to re-adopt
 * @param policy   when isolates that ended unasked are restarted
 * @param retention how long ended isolates' run directories stay, how large an event journal grows
 * @param executor runs delayed restarts
 * @param root     the domains' directories and configurations (read again at each start: they may have been edited)
 * @param spares   the warmed-up isolates combined domains start in
 */
record SupervisorContext(Image image, Path mvmHome, IsolateRegistry registry, RestartPolicy policy, Retention retention,
                         ScheduledExecutorService executor, DomainsRoot root, SparePool spares) {
}
