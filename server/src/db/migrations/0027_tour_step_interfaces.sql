-- The default tour's last three steps named API paths the console never calls, so adding a billing rule, a vehicle
-- or a service area never completed them: they now name the resources' own add calls (seed/base.ts GUIDE_STEPS).
UPDATE guide_settings SET request_interface = CASE request_interface
    WHEN '/operate/billingRule/add' THEN '/operations/billingRule/add'
    WHEN '/vehicle/add' THEN '/vehicle/vehicle/add'
    WHEN '/operate/zone/add' THEN '/operations/zone/add' END
 WHERE request_interface IN ('/operate/billingRule/add', '/vehicle/add', '/operate/zone/add');
--> statement-breakpoint
UPDATE tenant_guide_steps SET request_interface = CASE request_interface
    WHEN '/operate/billingRule/add' THEN '/operations/billingRule/add'
    WHEN '/vehicle/add' THEN '/vehicle/vehicle/add'
    WHEN '/operate/zone/add' THEN '/operations/zone/add' END
 WHERE request_interface IN ('/operate/billingRule/add', '/vehicle/add', '/operate/zone/add');
