export declare function zoneRulesEnv(): { ICU_TIMEZONE_FILES_DIR?: string };
