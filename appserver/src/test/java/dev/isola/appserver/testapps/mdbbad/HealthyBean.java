package dev.isola.appserver.testapps.mdbbad;

import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

/** Deployed beside each bad bean: must be gone again after the failed deployment. */
@Singleton
@Startup
public class HealthyBean {
}
